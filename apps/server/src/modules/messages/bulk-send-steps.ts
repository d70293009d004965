import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import type { Tx } from '../../db/client';
import { idempotencyKeys } from '../../db/schema/idempotency-keys';
import { messages } from '../../db/schema/messages';
import type { CarrierOutcome } from './call-carrier';
import { claimBatchSlots } from './send-slots';
import { getMessagesByIds } from './get-messages-by-ids';
import type { MessageRow } from './messages.presenter';
import type { BulkText } from './send-messages-in-bulk';
import { carrierStatusFields } from './write-carrier-status';

// The steps of `sendMessagesInBulk` (send-messages-in-bulk.ts) around its transaction.

/**
 * The texts among `indexes` whose key was claimed earlier (not by this insert): by index, the
 * message it stored, when the key carries the same payload and its message exists; the others
 * are left to the one-by-one path (a conflict, or a key another transaction is still claiming).
 */
export async function replays(
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

/**
 * The carriers' answers in one transaction: the messages locked (id order), each written by
 * `writeCarrierStatus`'s rules for an answer (never backwards: a status callback may already have
 * said `delivered`), version + 1. By message id, the rows as written. On a database error: logged,
 * an empty map (the texts left; their stored state is `sending` until a status callback).
 */
export async function storeAnswers(
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

/** `lookUp` for each of `keys`, one after another (a handful per batch: its authors, its teams). */
export async function lookUpAll<T>(
  keys: readonly string[],
  lookUp: (key: string) => Promise<T>,
): Promise<Map<string, T>> {
  const found = new Map<string, T>();
  for (const key of keys) found.set(key, await lookUp(key));
  return found;
}

/**
 * The local instant each stored text of the batch goes (its number's slot, `claimBatchSlots`),
 * claimed as they are about to go. The texts are stored: should the claim fail, it is logged and
 * they go at once rather than stay `sending` (the carrier may then refuse some for the rate).
 */
export async function slotsOf<T extends { message: MessageRow }>(
  deps: AppDeps,
  organizationId: string,
  sent: readonly T[],
): Promise<Map<T, number>> {
  const at = await claimBatchSlots(
    deps,
    organizationId,
    sent.map((s) => s.message.from),
  ).catch((err: unknown) => {
    deps.log.error({ err }, "could not claim the sender numbers' send slots; sending without them");
    return sent.map(() => 0);
  });
  return new Map(sent.map((s, n) => [s, at[n]!]));
}
