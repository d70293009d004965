import { sql } from 'drizzle-orm';
import { setTimeout as sleep } from 'node:timers/promises';
import type { AppDeps } from '../../app-deps';
import type { Database } from '../../db/client';

/**
 * How far ahead (ms) a batch of texts claims its numbers' slots: a text whose slot is further is
 * not sent now but again later (`later`), so a batch never holds its worker long and a burst on
 * one number leaves room for the texts staff type meanwhile.
 */
export const SEND_SLOT_HORIZON_MS = 5000;

/** A claim of one number's slots: the local instants (ms since epoch) of the slots granted, in order, and when the next one is free. */
export type SlotClaim = { at: number[]; nextFreeAt: number };

/**
 * In `db` (the caller's tenant scope): claims up to `count` consecutive send slots of the sender
 * number `from` (E.164) of `organizationId` for a carrier that accepts `perSecond` texts per second per number, those
 * starting within `horizonMs` of now: one upsert moves the number's `next_free_at` forward
 * (sender_number_slots; its row lock orders the claims of every process on the database, so no
 * two claims share a slot). The instants come from the database's clock, turned into this
 * process's clock at the answer (a slot is never early here; late by the round trip at most).
 * Fewer than `count` when the slots within the horizon run out; none when the first free one is
 * beyond it. @throws what the database throws.
 */
export async function claimSendSlots(
  db: Database,
  organizationId: string,
  from: string,
  count: number,
  perSecond: number,
  horizonMs = SEND_SLOT_HORIZON_MS,
): Promise<SlotClaim> {
  const everyMs = 1000 / perSecond;
  // clock_timestamp(), not now(): a claim that waited for the row's lock must count from when it
  // got it, or its slots would read later here than they are (and crowd the next claim's).
  // Slots free within the horizon from `start` (the later of the number's next free one and now).
  const granted = (start: ReturnType<typeof sql>) =>
    sql`LEAST(${count}::int, GREATEST(0, FLOOR((${horizonMs}::float8 - EXTRACT(EPOCH FROM ${start} - clock_timestamp()) * 1000) / ${everyMs}::float8) + 1))`;
  const step = sql`${everyMs}::float8 * interval '1 millisecond'`;
  const start = sql`GREATEST(s.next_free_at, clock_timestamp())`;
  type Claimed = { from_ms: string; next_ms: string };
  const result = (await db.execute<Claimed>(sql`
    INSERT INTO sender_number_slots AS s (organization_id, phone_number, claimed_from, next_free_at)
    VALUES (${organizationId}, ${from}, clock_timestamp(), clock_timestamp() + ${granted(sql`clock_timestamp()`)} * ${step})
    ON CONFLICT (organization_id, phone_number) DO UPDATE SET claimed_from = ${start},
      next_free_at = ${start} + ${granted(start)} * ${step}
    RETURNING EXTRACT(EPOCH FROM claimed_from - clock_timestamp()) * 1000 AS from_ms, EXTRACT(EPOCH FROM next_free_at - clock_timestamp()) * 1000 AS next_ms`)) as {
    rows: Claimed[];
  };
  const answeredAt = Date.now();
  const row = result.rows[0]!;
  const fromMs = Number(row.from_ms);
  const nextMs = Number(row.next_ms);
  const n = Math.round((nextMs - fromMs) / everyMs);
  return {
    at: Array.from({ length: n }, (_, i) => answeredAt + fromMs + i * everyMs),
    nextFreeAt: answeredAt + nextMs,
  };
}

/**
 * Before one text from `from` is handed to the carrier: when the carrier sets a per-number rate,
 * claims the number's next slot (however far) and waits for it; otherwise resolves at once.
 * A database error is logged and the text goes without its slot (it is already stored: the
 * carrier may refuse it for the rate, which the message then shows, rather than it staying `sending`).
 */
export async function waitForSendSlot(deps: AppDeps, organizationId: string, from: string): Promise<void> {
  const perSecond = deps.messaging.sendsPerSecondPerNumber;
  if (!perSecond) return;
  try {
    const claim = await claimSendSlots(deps.db, organizationId, from, 1, perSecond, Number.MAX_SAFE_INTEGER);
    await waitUntil(claim.at[0] ?? claim.nextFreeAt);
  } catch (err) {
    deps.log.error({ err, from }, "could not claim the sender number's send slot; sending without it");
  }
}

/** Resolves at the local instant `at` (ms since epoch), at once when it is past. */
export async function waitUntil(at: number): Promise<void> {
  const ms = at - Date.now();
  if (ms > 0) await sleep(Math.ceil(ms));
}

/**
 * Which texts of a batch may go within `SEND_SLOT_HORIZON_MS`, given each text's sender number
 * (null: none, it will not be sent here), under the carrier's per-number rate: one read of the
 * numbers' next free slots; a number's texts take its free slots within the horizon in order,
 * those left over get the instant (ms since epoch) their slot would come if the number stayed
 * this busy, one interval apart, so they come back spread out rather than together (`null`: it
 * may go now). Reserves nothing: the texts that go claim their slots when they are about to
 * (`claimBatchSlots`), so a text's slot is never spent while the batch is being stored.
 * Without a rate, every text may go (no database work). @throws what the database throws.
 */
export async function deferredBeyondHorizon(
  deps: AppDeps,
  organizationId: string,
  froms: readonly (string | null)[],
): Promise<(number | null)[]> {
  const deferred: (number | null)[] = froms.map(() => null);
  const perSecond = deps.messaging.sendsPerSecondPerNumber;
  const numbers = [...new Set(froms.filter((f) => f !== null))];
  if (!perSecond || numbers.length === 0) return deferred;
  const everyMs = 1000 / perSecond;
  type Free = { phone_number: string; free_in_ms: string };
  const result = (await deps.db.execute<Free>(sql`
    SELECT phone_number, GREATEST(0, EXTRACT(EPOCH FROM next_free_at - clock_timestamp()) * 1000) AS free_in_ms
    FROM sender_number_slots WHERE organization_id = ${organizationId} AND phone_number IN ${numbers}`)) as {
    rows: Free[];
  };
  const now = Date.now();
  const freeIn = new Map(result.rows.map((r) => [r.phone_number, Number(r.free_in_ms)]));
  const seen = new Map<string, number>();
  for (const [i, from] of froms.entries()) {
    if (!from) continue;
    const k = seen.get(from) ?? 0;
    seen.set(from, k + 1);
    const at = (freeIn.get(from) ?? 0) + k * everyMs;
    if (at > SEND_SLOT_HORIZON_MS) deferred[i] = now + at;
  }
  return deferred;
}

/**
 * The slots of a batch's texts about to go, given each one's sender number (null: none): with a
 * carrier's per-number rate, one claim per number for all its texts (`claimSendSlots`, whatever
 * the horizon: `deferredBeyondHorizon` kept the batch within it, bar a claim made meanwhile), the
 * number's texts taking its slots in order; the local instant each goes (0: at once, without a
 * rate). @throws what the database throws.
 */
export async function claimBatchSlots(
  deps: AppDeps,
  organizationId: string,
  froms: readonly (string | null)[],
): Promise<number[]> {
  const slots = froms.map(() => 0);
  const perSecond = deps.messaging.sendsPerSecondPerNumber;
  if (!perSecond) return slots;
  const byNumber = new Map<string, number[]>();
  for (const [i, from] of froms.entries()) if (from) byNumber.set(from, [...(byNumber.get(from) ?? []), i]);
  for (const [from, indexes] of byNumber) {
    const claim = await claimSendSlots(
      deps.db,
      organizationId,
      from,
      indexes.length,
      perSecond,
      Number.MAX_SAFE_INTEGER,
    );
    for (const [k, i] of indexes.entries()) slots[i] = claim.at[k]!;
  }
  return slots;
}

/**
 * Paces a batch's texts of each number (under the carrier's `perSecond` rate; none: no pacing):
 * `pace(from, at, ready)` waits until the text may go — at its slot `at`, and never sooner than
 * one interval after the number's previous text of the batch went, since a timer fired late (a
 * busy event loop) would otherwise bring the next one closer — then runs `ready` (the last step
 * before the carrier call: taking it) and answers its result. A text counts as gone when `ready`
 * has answered, so the time `ready` takes does not bring the next text closer. Call it for a
 * number's texts in the order of their slots; `ready` must not throw.
 */
export function numberPacer(
  perSecond: number | undefined,
): <T>(from: string | null, at: number, ready: () => Promise<T>) => Promise<T> {
  const last = new Map<string, Promise<number>>();
  return async <T>(from: string | null, at: number, ready: () => Promise<T>): Promise<T> => {
    if (!perSecond || !from) {
      await waitUntil(at);
      return ready();
    }
    const previous = last.get(from) ?? Promise.resolve(-Infinity);
    let answer: T | undefined;
    const went = previous.then(async (before) => {
      await waitUntil(Math.max(at, before + 1000 / perSecond));
      answer = await ready();
      return Date.now();
    });
    last.set(from, went);
    await went;
    return answer as T;
  };
}

/**
 * After texts from `froms` went (late, perhaps, behind a busy event loop): no slot of those
 * numbers starts sooner than one interval from now, so the next claim keeps its distance from
 * the texts as they actually left. One statement; nothing without a carrier's rate. A database
 * error is logged (the texts are gone; the next claim then counts from the slots alone).
 */
export async function markSent(
  deps: AppDeps,
  organizationId: string,
  froms: readonly string[],
): Promise<void> {
  const perSecond = deps.messaging.sendsPerSecondPerNumber;
  const numbers = [...new Set(froms)];
  if (!perSecond || numbers.length === 0) return;
  await deps.db
    .execute(
      sql`UPDATE sender_number_slots SET next_free_at = GREATEST(next_free_at, clock_timestamp() + ${1000 / perSecond}::float8 * interval '1 millisecond')
        WHERE organization_id = ${organizationId} AND phone_number IN ${numbers}`,
    )
    .catch((err: unknown) => deps.log.error({ err }, "could not mark the sender numbers' texts sent"));
}
