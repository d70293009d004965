import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { conversations } from '../../db/schema/conversations';

/** In the caller's transaction: points the conversation at its newest message (the lists show it). */
export async function setLastMessage(tx: Tx, conversationId: string, messageId: string): Promise<void> {
  await tx
    .update(conversations)
    .set({ lastMessageId: messageId })
    .where(eq(conversations.id, conversationId));
}
