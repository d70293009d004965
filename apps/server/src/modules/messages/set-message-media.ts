import type { Media } from '@accueil/domain';
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { messages } from '../../db/schema/messages';
import { getConversationTeamId } from '../conversations/index';
import type { MessageRow } from './messages.presenter';

/**
 * In the caller's transaction: replaces the media of message `messageId` by `change(current)`
 * (the row is locked while it is computed), bumps `version` and `updatedAt`. The attachments
 * module's inbound-media job writes through it what it fetched. Answers the row as written and
 * its conversation's team (for `message:updated`), or null when the message is gone (deleted
 * meanwhile) or `change` answers null (nothing to change).
 */
export async function setMessageMedia(
  tx: Tx,
  messageId: string,
  change: (current: readonly Media[]) => Media[] | null,
): Promise<{ row: MessageRow; teamId: string } | null> {
  const [current] = await tx.select().from(messages).where(eq(messages.id, messageId)).for('update');
  if (!current) return null;
  const media = change(current.media);
  if (!media) return null;
  const [row] = await tx
    .update(messages)
    .set({ media, version: sql`${messages.version} + 1`, updatedAt: new Date() })
    .where(eq(messages.id, messageId))
    .returning();
  const teamId = row && (await getConversationTeamId(tx, row.conversationId));
  return row && teamId ? { row, teamId } : null;
}

/** The media of message `messageId` and its carrier, read without a lock, or null when it is gone. */
export async function readMessageMedia(
  tx: Pick<Tx, 'select'>,
  messageId: string,
): Promise<{ media: Media[]; carrier: string | null; conversationId: string } | null> {
  const [row] = await tx
    .select({ media: messages.media, carrier: messages.carrier, conversationId: messages.conversationId })
    .from(messages)
    .where(eq(messages.id, messageId));
  return row ?? null;
}
