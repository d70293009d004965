import { isAnonymousNumber, isEmergencyNumber, type Message } from '@accueil/domain';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { idempotencyKeys } from '../../db/schema/idempotency-keys';
import { messages } from '../../db/schema/messages';
import { claimConversationSeqs, lockConversations, presentConversationRows } from '../conversations/index';
import { inLanes } from '../../jobs/in-lanes';
import { lookUpAll, replays, slotsOf, storeAnswers } from './bulk-send-steps';
import { callCarrier, takeCarrierCalls } from './call-carrier';
import { deliverOutboundMessage, storeAnswer } from './deliver-outbound-message';
import { sendRequestHash } from './idempotency-keys';
import { announceMessageCreated, announceMessageUpdated } from './message-events';
import { presentMessage, type MessageRow } from './messages.presenter';
import { deferredBeyondHorizon, markSent, numberPacer } from './send-slots';
import { getAuthor, getTeamPhoneNumber } from './sender-lookups';

/** One text of a bulk send: typed text into a conversation, signed by a user acting from a team, with its idempotency key. */
export type BulkText = {
  conversationId: string;
  teamId: string;
  userId: string;
  body: string;
  idempotencyKey: string;
};

/**
 * What became of one text of a bulk send: `sent` (stored and handed to the carrier: the message as
 * it then stands, `sent` or `failed`), `replayed` (its key had already stored this message: no
 * carrier call), `later` — nothing was done for it: its number's send slots are taken beyond
 * the horizon (`claimBatchSlots`), the caller sends it again at `at` — or `one-by-one` — nothing
 * was done for it here; the caller sends it with `sendMessage`, which applies (and reports) the
 * rule it does not meet.
 */
export type BulkTextResult =
  { kind: 'sent' | 'replayed'; message: Message } | { kind: 'one-by-one' } | { kind: 'later'; at: Date };

/** Carrier calls in flight at once by default (each waits on the carrier's answer, not on this process). */
export const BULK_CARRIER_CONCURRENCY = 20;

/**
 * `sendMessage` for many texts of one organisation (the caller's tenant scope), with the same
 * exactly-once guarantee, in a few statements for the whole batch instead of ~25 per text
 * (docs/behaviour/scheduled-messages.md, "Batched sending"):
 * 0. when the carrier sets a per-number rate, reads each sender number's next free slot
 *    (`deferredBeyondHorizon`): texts whose slot would come beyond the horizon are answered
 *    `later` and not stored;
 * 1. one transaction: locks the conversations (id order), claims every idempotency key in one
 *    insert (a key already bound to a message with the same payload is a replay: no carrier
 *    call), takes each conversation's next seq and points it at its message (one statement),
 *    inserts the messages (`sending`) and binds the keys — so, as for one text, a text is stored if and
 *    only if its key is bound to it;
 * 2. after commit: announces `message:created` (with the conversation), claims the texts' slots
 *    (`claimBatchSlots`) and calls the carrier `concurrency` texts at a time in the order of their
 *    slots, each at its slot (once per text, never retried: `callCarrier`), each after taking its
 *    carrier call (`takeCarrierCalls`: a replayed text still pending — stored, never handed over
 *    — is handed over by whichever process takes it first, here through `deliverOutboundMessage`);
 * 3. one transaction stores the answers (`writeCarrierStatus`'s rules, source `answer`) and
 *    `message:updated` is announced. Should that write fail, the texts are answered as stored
 *    (`sending`; the carrier's status callbacks still reach them) rather than thrown: the caller
 *    must not send them again.
 * Texts the fast path does not take are answered `one-by-one`: a second text to a conversation
 * of the batch, a text with `{{tokens}}`, a conversation missing, deleted, of another team,
 * anonymous, emergency or answering a flow, a team without a number, an unknown author, and a
 * key used with another payload (or still being claimed elsewhere).
 * Answers in the order of `texts`. @throws what the database throws in steps 0 and 1 (nothing is then stored).
 */
export async function sendMessagesInBulk(
  deps: AppDeps,
  organizationId: string,
  texts: readonly BulkText[],
  concurrency = BULK_CARRIER_CONCURRENCY,
): Promise<BulkTextResult[]> {
  const results: BulkTextResult[] = texts.map(() => ({ kind: 'one-by-one' }));
  const seen = new Set<string>();
  const candidates = texts.flatMap((t, i) => {
    if (seen.has(t.conversationId) || t.body.includes('{{')) return [];
    seen.add(t.conversationId);
    return [i];
  });
  if (candidates.length === 0) return results;
  const authors = await lookUpAll([...new Set(candidates.map((i) => texts[i]!.userId))], (id) =>
    getAuthor(deps, deps.db, id).catch(() => null),
  );
  const phones = await lookUpAll([...new Set(candidates.map((i) => texts[i]!.teamId))], (id) =>
    getTeamPhoneNumber(deps, deps.db, organizationId, id),
  );

  // A text its number's slots would hold beyond the horizon is not stored yet: sent again later.
  const deferred = await deferredBeyondHorizon(
    deps,
    organizationId,
    candidates.map((i) => phones.get(texts[i]!.teamId) ?? null),
  );
  const ready = candidates.filter((i, n) => {
    const laterAt = deferred[n];
    if (laterAt === null || laterAt === undefined) return true;
    results[i] = { kind: 'later', at: new Date(laterAt) };
    return false;
  });

  const stored = await deps.db.transaction(async (tx) => {
    const locked = new Map(
      (
        await lockConversations(
          tx,
          organizationId,
          ready.map((i) => texts[i]!.conversationId),
        )
      ).map((c) => [c.id, c]),
    );
    const now = Date.now();
    const eligible = ready.filter((i) => {
      const t = texts[i]!;
      const c = locked.get(t.conversationId);
      if (!c || c.teamId !== t.teamId || isAnonymousNumber(c.address) || isEmergencyNumber(c.address))
        return false;
      return (
        !(c.flowLockedUntil && c.flowLockedUntil.getTime() > now) &&
        !!phones.get(t.teamId) &&
        !!authors.get(t.userId)
      );
    });
    if (eligible.length === 0) return { sent: [], replayed: new Map<number, MessageRow>() };
    const hashOf = (i: number) => sendRequestHash(texts[i]!.conversationId, { body: texts[i]!.body });
    const ownerKey = (userId: string, key: string) => `${userId} ${key}`;
    const claimedRows = await tx
      .insert(idempotencyKeys)
      .values(
        eligible.map((i) => ({
          organizationId,
          userId: texts[i]!.userId,
          key: texts[i]!.idempotencyKey,
          requestHash: hashOf(i),
        })),
      )
      .onConflictDoNothing({
        target: [idempotencyKeys.organizationId, idempotencyKeys.userId, idempotencyKeys.key],
      })
      .returning({ id: idempotencyKeys.id, userId: idempotencyKeys.userId, key: idempotencyKeys.key });
    const claimed = new Map(claimedRows.map((k) => [ownerKey(k.userId, k.key), k.id]));
    const toSend = eligible.filter((i) => claimed.has(ownerKey(texts[i]!.userId, texts[i]!.idempotencyKey)));
    const replayed = await replays(
      tx,
      organizationId,
      texts,
      eligible.filter((i) => !toSend.includes(i)),
      hashOf,
    );
    if (toSend.length === 0) return { sent: [], replayed };

    const ids = toSend.map(() => randomUUID());
    const convs = new Map(
      (
        await claimConversationSeqs(
          tx,
          organizationId,
          toSend.map((i, n) => ({ conversationId: texts[i]!.conversationId, messageId: ids[n]! })),
        )
      ).map((c) => [c.id, c]),
    );
    const rows = toSend.map((i, n) => {
      const t = texts[i]!;
      const conv = convs.get(t.conversationId)!;
      const author = authors.get(t.userId)!;
      return {
        id: ids[n]!,
        organizationId,
        conversationId: conv.id,
        seq: conv.lastSeq,
        channel: 'sms' as const,
        author: author.author,
        authorName: author.authorName,
        authorUserId: t.userId,
        automatic: false,
        from: phones.get(t.teamId)!,
        to: conv.address,
        body: t.body,
        carrier: deps.messaging.name,
        status: 'sending',
        carrierCallPending: true,
        direction: 'outbound',
      };
    });
    const inserted = new Map((await tx.insert(messages).values(rows).returning()).map((m) => [m.id, m]));
    const bindings = JSON.stringify(
      toSend.map((i, n) => ({
        k: claimed.get(ownerKey(texts[i]!.userId, texts[i]!.idempotencyKey)),
        m: rows[n]!.id,
      })),
    );
    await tx.execute(
      sql`UPDATE idempotency_keys SET message_id = v.m FROM jsonb_to_recordset(${bindings}::jsonb) AS v(k uuid, m uuid) WHERE idempotency_keys.id = v.k`,
    );
    const views = await presentConversationRows(
      tx,
      rows.map((r) => ({ ...convs.get(r.conversationId)!, lastMessageId: r.id })),
    );
    return {
      sent: toSend.map((index, n) => ({ index, message: inserted.get(rows[n]!.id)!, view: views[n]! })),
      replayed,
    };
  });

  // A replayed text still pending was stored and never handed to the carrier (its process died
  // waiting for its number's slot): handed over now, once, by whichever process takes its call.
  for (const [index, row] of stored.replayed)
    results[index] = {
      kind: 'replayed',
      message: row.carrierCallPending
        ? await deliverOutboundMessage(deps, row, texts[index]!.teamId)
        : presentMessage(row),
    };
  for (const s of stored.sent) announceMessageCreated(deps, presentMessage(s.message), s.view);
  const slots = await slotsOf(deps, organizationId, stored.sent);
  // In the order of their slots, so that lanes waiting for a later slot hold up no earlier one.
  const byTurn = [...stored.sent].sort((a, b) => slots.get(a)! - slots.get(b)!);
  const pace = numberPacer(deps.messaging.sendsPerSecondPerNumber);
  // The texts due at once take their carrier calls in one statement; those waiting for a later
  // slot each take theirs when it comes, so a text stored and left waiting by a process that died
  // is still pending for the one that replays it.
  const startedAt = Date.now();
  const takenAtOnce = await takeCarrierCalls(
    deps,
    byTurn.filter((s) => slots.get(s)! <= startedAt).map((s) => s.message.id),
  );
  const outcomesByTurn = await inLanes(byTurn, concurrency, async (s) => {
    const id = s.message.id;
    const taken = await pace(s.message.from, slots.get(s)!, async () =>
      takenAtOnce.has(id) ? true : (await takeCarrierCalls(deps, [id])).has(id),
    );
    if (!taken) return null;
    return callCarrier(deps, s.message, (late) => {
      storeAnswer(deps, s.message.id, late)
        .then((row) => row && announceMessageUpdated(deps, s.view.userGroupId, presentMessage(row)))
        .catch((err: unknown) =>
          deps.log.error({ err, messageId: s.message.id }, "could not store the carrier's late answer"),
        );
    });
  });
  await markSent(
    deps,
    organizationId,
    byTurn.map((s) => s.message.from),
  );
  const answered = await storeAnswers(
    deps,
    byTurn.flatMap((s, n) => {
      const outcome = outcomesByTurn[n];
      return outcome ? [{ message: s.message, outcome }] : [];
    }),
  );
  for (const s of stored.sent) {
    const row = answered.get(s.message.id);
    if (row) announceMessageUpdated(deps, s.view.userGroupId, presentMessage(row));
    results[s.index] = { kind: 'sent', message: presentMessage(row ?? s.message) };
  }
  return results;
}
