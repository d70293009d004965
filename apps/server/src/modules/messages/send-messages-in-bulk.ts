import { isAnonymousNumber, isEmergencyNumber, type Message } from '@accueil/domain';
import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import type { Tx } from '../../db/client';
import { idempotencyKeys } from '../../db/schema/idempotency-keys';
import { messages } from '../../db/schema/messages';
import {
  claimConversationSeqs,
  lockConversations,
  presentConversationRows,
  setLastMessages,
} from '../conversations/index';
import { callCarrier, type CarrierOutcome } from './call-carrier';
import { storeAnswer } from './deliver-outbound-message';
import { getMessagesByIds } from './get-messages-by-ids';
import { sendRequestHash } from './idempotency-keys';
import { announceMessageCreated, announceMessageUpdated } from './message-events';
import { presentMessage, type MessageRow } from './messages.presenter';
import { getAuthor, getTeamPhoneNumber } from './sender-lookups';
import { carrierStatusFields } from './write-carrier-status';

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
 * carrier call), or `one-by-one` — nothing was done for it here; the caller sends it with
 * `sendMessage`, which applies (and reports) the rule it does not meet.
 */
export type BulkTextResult = { kind: 'sent' | 'replayed'; message: Message } | { kind: 'one-by-one' };

/** Carrier calls in flight at once by default (each waits on the carrier's answer, not on this process). */
export const BULK_CARRIER_CONCURRENCY = 20;

/**
 * `sendMessage` for many texts of one organisation (the caller's tenant scope), with the same
 * exactly-once guarantee, in a few statements for the whole batch instead of ~25 per text
 * (docs/behaviour/scheduled-messages.md, "Batched sending"):
 * 1. one transaction: locks the conversations (id order), claims every idempotency key in one
 *    insert (a key already bound to a message with the same payload is a replay: no carrier
 *    call), takes each conversation's next seq, inserts the messages (`sending`), points the
 *    conversations at them and binds the keys — so, as for one text, a text is stored if and
 *    only if its key is bound to it;
 * 2. after commit: announces `message:created` (with the conversation), calls the carrier
 *    `concurrency` texts at a time (once per text, never retried: `callCarrier`);
 * 3. one transaction stores the answers (`writeCarrierStatus`'s rules, source `answer`) and
 *    `message:updated` is announced. Should that write fail, the texts are answered as stored
 *    (`sending`; the carrier's status callbacks still reach them) rather than thrown: the caller
 *    must not send them again.
 * Texts the fast path does not take are answered `one-by-one`: a second text to a conversation
 * of the batch, a text with `{{tokens}}`, a conversation missing, deleted, of another team,
 * anonymous, emergency or answering a flow, a team without a number, an unknown author, and a
 * key used with another payload (or still being claimed elsewhere).
 * Answers in the order of `texts`. @throws what the database throws in step 1 (nothing is then stored).
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

  const stored = await deps.db.transaction(async (tx) => {
    const locked = new Map(
      (
        await lockConversations(
          tx,
          organizationId,
          candidates.map((i) => texts[i]!.conversationId),
        )
      ).map((c) => [c.id, c]),
    );
    const now = Date.now();
    const eligible = candidates.filter((i) => {
      const t = texts[i]!;
      const c = locked.get(t.conversationId);
      if (
        !c ||
        c.teamId !== t.teamId ||
        isAnonymousNumber(c.friendlyName) ||
        isEmergencyNumber(c.friendlyName)
      )
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

    const convs = new Map(
      (
        await claimConversationSeqs(
          tx,
          organizationId,
          toSend.map((i) => texts[i]!.conversationId),
        )
      ).map((c) => [c.id, c]),
    );
    const rows = toSend.map((i) => {
      const t = texts[i]!;
      const conv = convs.get(t.conversationId)!;
      const author = authors.get(t.userId)!;
      return {
        id: randomUUID(),
        organizationId,
        conversationId: conv.id,
        seq: conv.lastSeq,
        channel: 'sms' as const,
        author: author.author,
        authorName: author.authorName,
        authorUserId: t.userId,
        automatic: false,
        from: phones.get(t.teamId)!,
        to: conv.friendlyName,
        body: t.body,
        carrier: deps.messaging.name,
        status: 'sending',
        direction: 'outbound',
      };
    });
    const inserted = new Map((await tx.insert(messages).values(rows).returning()).map((m) => [m.id, m]));
    await setLastMessages(
      tx,
      rows.map((r) => ({ conversationId: r.conversationId, messageId: r.id })),
    );
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

  for (const [index, row] of stored.replayed)
    results[index] = { kind: 'replayed', message: presentMessage(row) };
  for (const s of stored.sent) announceMessageCreated(deps, presentMessage(s.message), s.view);
  const outcomes = await inLanes(stored.sent, concurrency, (s) =>
    callCarrier(deps, s.message, (late) => {
      storeAnswer(deps, s.message.id, late)
        .then((row) => row && announceMessageUpdated(deps, s.view.userGroupId, presentMessage(row)))
        .catch((err: unknown) =>
          deps.log.error({ err, messageId: s.message.id }, "could not store the carrier's late answer"),
        );
    }),
  );
  const answered = await storeAnswers(
    deps,
    stored.sent.map((s, n) => ({ message: s.message, outcome: outcomes[n]! })),
  );
  for (const [n, s] of stored.sent.entries()) {
    const row = answered.get(s.message.id);
    if (row) announceMessageUpdated(deps, s.view.userGroupId, presentMessage(row));
    results[s.index] = { kind: 'sent', message: presentMessage(row ?? stored.sent[n]!.message) };
  }
  return results;
}

/** `lookUp` for each of `keys`, one after another (a handful per batch: its authors, its teams). */
async function lookUpAll<T>(
  keys: readonly string[],
  lookUp: (key: string) => Promise<T>,
): Promise<Map<string, T>> {
  const found = new Map<string, T>();
  for (const key of keys) found.set(key, await lookUp(key));
  return found;
}

/**
 * The texts among `indexes` whose key was claimed earlier (not by this insert): by index, the
 * message it stored, when the key carries the same payload and its message exists; the others
 * are left to the one-by-one path (a conflict, or a key another transaction is still claiming).
 */
async function replays(
  tx: Tx,
  organizationId: string,
  texts: readonly BulkText[],
  indexes: readonly number[],
  hashOf: (i: number) => string,
): Promise<Map<number, MessageRow>> {
  const out = new Map<number, MessageRow>();
  if (indexes.length === 0) return out;
  const keys = await tx
    .select()
    .from(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.organizationId, organizationId),
        inArray(
          idempotencyKeys.key,
          indexes.map((i) => texts[i]!.idempotencyKey),
        ),
      ),
    );
  const matched = indexes.flatMap((i) => {
    const k = keys.find((row) => row.userId === texts[i]!.userId && row.key === texts[i]!.idempotencyKey);
    return k && k.requestHash === hashOf(i) && k.messageId ? [[i, k.messageId] as const] : [];
  });
  const earlier = await getMessagesByIds(
    tx,
    organizationId,
    matched.map(([, id]) => id),
  );
  for (const [i, id] of matched) {
    const row = earlier.get(id);
    if (row) out.set(i, row);
  }
  return out;
}

/** `fn` over `items`, at most `lanes` at once; answers in the order of `items`. */
async function inLanes<T, R>(items: readonly T[], lanes: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const n = next++;
      out[n] = await fn(items[n]!);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(lanes, items.length)) }, lane));
  return out;
}

/**
 * The carriers' answers in one transaction: the messages locked (id order), each written by
 * `writeCarrierStatus`'s rules for an answer (never backwards: a status callback may already have
 * said `delivered`), version + 1. By message id, the rows as written. On a database error: logged,
 * an empty map (the texts left; their stored state is `sending` until a status callback).
 */
async function storeAnswers(
  deps: AppDeps,
  answers: readonly { message: MessageRow; outcome: CarrierOutcome }[],
): Promise<Map<string, MessageRow>> {
  const written = new Map<string, MessageRow>();
  if (answers.length === 0) return written;
  const outcomeOf = new Map(answers.map((a) => [a.message.id, a.outcome]));
  try {
    await deps.db.transaction(async (tx) => {
      const current = await tx
        .select()
        .from(messages)
        .where(inArray(messages.id, [...outcomeOf.keys()]))
        .orderBy(asc(messages.id))
        .for('update');
      const updatedAt = new Date();
      for (const row of current) {
        const fields = carrierStatusFields(row, outcomeOf.get(row.id)!, 'answer');
        if (fields) written.set(row.id, { ...row, ...fields, version: row.version + 1, updatedAt });
      }
      if (written.size === 0) return;
      const input = JSON.stringify(
        [...written.values()].map((r) => ({ id: r.id, s: r.status, c: r.carrierMessageId, e: r.errorCode })),
      );
      await tx.execute(sql`UPDATE messages SET status = v.s, carrier_message_id = v.c, error_code = v.e, version = messages.version + 1, updated_at = ${updatedAt.toISOString()}::timestamptz
        FROM jsonb_to_recordset(${input}::jsonb) AS v(id uuid, s text, c text, e text) WHERE messages.id = v.id`);
    });
  } catch (err) {
    deps.log.error(
      { err, messages: answers.length },
      "could not store the carrier's answers of a bulk send; the texts left",
    );
    written.clear();
  }
  return written;
}
