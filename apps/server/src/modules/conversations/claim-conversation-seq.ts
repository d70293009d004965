import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { conversations } from '../../db/schema/conversations';
import type { RequestContext } from '../../http/request-context';
import { authorizeConversation, conversationById } from './conversations.policy';
import type { ConversationRow } from './conversations.presenter';

/**
 * What a new message of the conversation is: `outbound` (a text, an e-mail, a file sent to the
 * contact) or `note` (the team talking to itself: docs/behaviour/notes-and-presence.md).
 */
export type ClaimedMessageKind = 'outbound' | 'note';

/**
 * In the caller's transaction, before a message is stored: allocates the conversation's next seq
 * (the UPDATE locks the row, so concurrent sends and notes get distinct seqs) and bumps its
 * version. For an `outbound` message it also reactivates the conversation when archived (sending
 * is the user's intent to talk) and moves its `updatedAt`; a `note` does neither, so it never
 * reorders the list. Returns the row as updated (`lastSeq` is the new message's seq).
 * @throws AppError 'not-found' outside the request's scope; 'forbidden' when the rules refuse the
 *   user sending (`message.send`) or writing notes (`note.create`) in it (the caller's transaction
 *   then rolls the update back).
 */
export async function claimConversationSeq(
  tx: Tx,
  ctx: RequestContext,
  conversationId: string,
  kind: ClaimedMessageKind = 'outbound',
): Promise<ConversationRow> {
  const bump = { lastSeq: sql`${conversations.lastSeq} + 1`, version: sql`${conversations.version} + 1` };
  const [row] = await tx
    .update(conversations)
    .set(kind === 'note' ? bump : { ...bump, status: 'active', updatedAt: new Date() })
    .where(conversationById(ctx, conversationId))
    .returning();
  authorizeConversation(ctx, kind === 'note' ? 'note.create' : 'message.send', row);
  return row;
}
