import type { DbOrTx } from '../../db/client';
import { conversations } from '../../db/schema/conversations';
import type { RequestContext } from '../../http/request-context';
import { conversationById, conversationNotFound } from './conversations.policy';

/**
 * The id of the conversation `id` when it is in the request's scope (organisation and current
 * team), for a module that reads what belongs to it (its messages).
 * @throws AppError 'not-found' otherwise (another organisation's or team's id included).
 */
export async function requireConversation(db: DbOrTx, ctx: RequestContext, id: string): Promise<{ id: string }> {
  const [row] = await db.select({ id: conversations.id }).from(conversations).where(conversationById(ctx, id));
  if (!row) throw conversationNotFound();
  return row;
}
