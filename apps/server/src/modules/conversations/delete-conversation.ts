import type { AppDeps } from '../../app-deps';
import { conversations } from '../../db/schema/conversations';
import type { RequestContext } from '../../http/request-context';
import { announceRemoved } from './conversation-events';
import { conversationById, conversationNotFound } from './conversations.policy';

/**
 * DELETE /api/conversations/:id: removes it and its messages (the messages' foreign key
 * cascades); announces `conversation:removed`.
 * @throws AppError 'not-found'.
 */
export async function deleteConversation(deps: AppDeps, ctx: RequestContext, id: string): Promise<void> {
  const removed = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .delete(conversations)
      .where(conversationById(ctx, id))
      .returning({ id: conversations.id, teamId: conversations.teamId, version: conversations.version });
    if (!row) throw conversationNotFound();
    return row;
  });
  announceRemoved(deps, { id: removed.id, userGroupId: removed.teamId, version: removed.version + 1 });
}
