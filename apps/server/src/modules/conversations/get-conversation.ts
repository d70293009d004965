import type { Conversation } from '@accueil/domain';
import type { AppDeps } from '../../app-deps';
import { conversations } from '../../db/schema/conversations';
import type { RequestContext } from '../../http/request-context';
import { presentConversationRows } from './conversation-views';
import { authorizeConversation, conversationById } from './conversations.policy';

/** GET /api/conversations/:id. @throws AppError 'not-found' (also another org's or team's id). */
export async function getConversation(deps: AppDeps, ctx: RequestContext, id: string): Promise<Conversation> {
  const [row] = await deps.db.select().from(conversations).where(conversationById(ctx, id)).limit(1);
  authorizeConversation(ctx, 'conversation.read', row);
  return (await presentConversationRows(deps.db, [row]))[0]!;
}
