import type { Conversation } from '@accueil/domain';
import type { AppDeps } from '../../app-deps';
import type { RequestContext } from '../../http/request-context';
import { loadConversationView } from './conversation-views';
import { authorizeConversation, conversationById, conversationNotFound } from './conversations.policy';

/** GET /api/conversations/:id. @throws AppError 'not-found' (also another org's or team's id). */
export async function getConversation(deps: AppDeps, ctx: RequestContext, id: string): Promise<Conversation> {
  const view = await loadConversationView(deps.db, conversationById(ctx, id));
  if (!view) throw conversationNotFound();
  authorizeConversation(ctx, 'conversation.read', {
    organizationId: view.organizationId,
    teamId: view.userGroupId,
  });
  return view;
}
