import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { conversations } from '../../db/schema/conversations';
import type { RequestContext } from '../../http/request-context';
import { authorizeConversation, conversationById } from './conversations.policy';
import type { ConversationRow } from './conversations.presenter';

/**
 * In the caller's transaction, before an outbound message is stored: allocates the
 * conversation's next seq (the UPDATE locks the row, so concurrent sends get distinct seqs),
 * bumps its version, reactivates it when archived (sending is the user's intent to talk) and
 * moves its `updatedAt`. Returns the row as updated (`lastSeq` is the new message's seq).
 * @throws AppError 'not-found' outside the request's scope; 'forbidden' when the rules refuse the
 *   user sending from it (the caller's transaction then rolls the update back).
 */
export async function claimConversationSeq(
  tx: Tx,
  ctx: RequestContext,
  conversationId: string,
): Promise<ConversationRow> {
  const [row] = await tx
    .update(conversations)
    .set({
      lastSeq: sql`${conversations.lastSeq} + 1`,
      version: sql`${conversations.version} + 1`,
      status: 'active',
      updatedAt: new Date(),
    })
    .where(conversationById(ctx, conversationId))
    .returning();
  authorizeConversation(ctx, 'message.send', row);
  return row;
}
