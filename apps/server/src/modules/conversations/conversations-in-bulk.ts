import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { conversations } from '../../db/schema/conversations';
import type { ConversationRow } from './conversations.presenter';

// The bulk forms of an outbound send's conversation steps (claimConversationSeq, setLastMessage)
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
 * In the caller's transaction, after `lockConversations`: what `claimConversationSeq` does to
 * one conversation, to each of `ids` (distinct) — next seq, version + 1, reactivated,
 * `updatedAt` now. Returns the rows as updated (`lastSeq` is the new message's seq).
 */
export async function claimConversationSeqs(
  tx: Tx,
  organizationId: string,
  ids: readonly string[],
): Promise<ConversationRow[]> {
  if (ids.length === 0) return [];
  return tx
    .update(conversations)
    .set({
      lastSeq: sql`${conversations.lastSeq} + 1`,
      version: sql`${conversations.version} + 1`,
      status: 'active',
      updatedAt: new Date(),
    })
    .where(and(eq(conversations.organizationId, organizationId), inArray(conversations.id, [...ids])))
    .returning();
}

/** In the caller's transaction: points each conversation at its newest message (`setLastMessage` for many, one statement). */
export async function setLastMessages(
  tx: Tx,
  pairs: readonly { conversationId: string; messageId: string }[],
): Promise<void> {
  if (pairs.length === 0) return;
  const input = JSON.stringify(pairs.map((p) => ({ c: p.conversationId, m: p.messageId })));
  await tx.execute(
    sql`UPDATE conversations SET last_message_id = v.m FROM jsonb_to_recordset(${input}::jsonb) AS v(c uuid, m uuid) WHERE conversations.id = v.c`,
  );
}
