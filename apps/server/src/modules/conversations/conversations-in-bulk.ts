import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { conversations } from '../../db/schema/conversations';
import type { ConversationRow } from './conversations.presenter';

// The bulk forms of an outbound send's conversation steps (claimConversationSeq with setLastMessage)
// for a batch of texts to distinct conversations of one organisation: one statement per step
// for the whole batch instead of one per text (docs/behaviour/scheduled-messages.md, "Batched sending").

/**
 * In the caller's transaction: the organisation's conversations among `ids` that are not
 * deleted, locked (`FOR UPDATE`) in id order so that concurrent batches never deadlock.
 * Missing, deleted and other organisations' ids are left out.
 */
export async function lockConversations(
  tx: Tx,
  organizationId: string,
  ids: readonly string[],
): Promise<ConversationRow[]> {
  if (ids.length === 0) return [];
  return tx
    .select()
    .from(conversations)
    .where(
      and(
        eq(conversations.organizationId, organizationId),
        inArray(conversations.id, [...ids]),
        isNull(conversations.deletedAt),
      ),
    )
    .orderBy(asc(conversations.id))
    .for('update');
}

/**
 * In the caller's transaction, after `lockConversations`: what `claimConversationSeq` and then
 * `setLastMessage` do to one conversation, to each of `pairs` (distinct conversations) in one
 * statement — next seq, version + 1, reactivated, `updatedAt` now, and pointed at the message
 * about to be stored with that seq (its id chosen by the caller; `last_message_id` has no foreign
 * key, and the message is inserted in the same transaction). One write per conversation instead
 * of two: each rewrites every index of the row (docs/benchmarks.md, 2026-11-29 statement profile).
 * Returns the rows as updated (`lastSeq` is the new message's seq), other organisations' left out.
 */
export async function claimConversationSeqs(
  tx: Tx,
  organizationId: string,
  pairs: readonly { conversationId: string; messageId: string }[],
): Promise<ConversationRow[]> {
  if (pairs.length === 0) return [];
  const input = JSON.stringify(pairs.map((p) => ({ c: p.conversationId, m: p.messageId })));
  return tx
    .update(conversations)
    .set({
      lastSeq: sql`${conversations.lastSeq} + 1`,
      version: sql`${conversations.version} + 1`,
      status: 'active',
      updatedAt: new Date(),
      lastMessageId: sql`v.m`,
    })
    .from(sql`jsonb_to_recordset(${input}::jsonb) AS v(c uuid, m uuid)`)
    .where(and(eq(conversations.organizationId, organizationId), sql`${conversations.id} = v.c`))
    .returning();
}
