import type { DbOrTx } from '../../db/client';
import { conversations } from '../../db/schema/conversations';
import type { RequestContext } from '../../http/request-context';
import { authorizeConversation, conversationById, type ConversationAction } from './conversations.policy';

/**
 * The id (and team) of the conversation `id` when it is in the request's scope (organisation and current
 * team) and the rules let the user do `action` on it (reading by default), for a module that
 * reads what belongs to it (its messages).
 * @throws AppError 'not-found' otherwise (another organisation's or team's id included);
 *   'forbidden' when the rules refuse `action`.
 */
export async function requireConversation(
  db: DbOrTx,
  ctx: RequestContext,
  id: string,
  action: ConversationAction = 'conversation.read',
): Promise<{ id: string; teamId: string }> {
  const [row] = await db
    .select({
      id: conversations.id,
      organizationId: conversations.organizationId,
      teamId: conversations.teamId,
    })
    .from(conversations)
    .where(conversationById(ctx, id));
  authorizeConversation(ctx, action, row);
  return { id: row.id, teamId: row.teamId };
}
