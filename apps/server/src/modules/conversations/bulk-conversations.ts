import {
  AppError,
  type BulkConversationAction,
  type BulkConversationsRequest,
  type BulkConversationsResponse,
  type Conversation,
  type UpdateConversationRequest,
} from '@accueil/domain';
import type { AppDeps } from '../../app-deps';
import type { RequestContext } from '../../http/request-context';
import { assignConversation } from './assign-conversation';
import { updateConversation } from './update-conversation';

/** The `PUT /api/conversations/:id` body of each bulk action but `assign`. */
const UPDATES: Record<Exclude<BulkConversationAction, 'assign'>, UpdateConversationRequest> = {
  archive: { status: 'inactive' },
  unarchive: { status: 'active' },
  'mark-read': { attributes: { hasNotification: false } },
  'mark-unread': { attributes: { hasNotification: true } },
};

/**
 * POST /api/conversations/bulk (docs/behaviour/assignment.md, "Bulk actions"): the single
 * endpoints' service functions, one conversation after the other, each in its own transaction,
 * so every rule (the caller's team, the assignee in the conversation's team) and every domain
 * and realtime event is exactly theirs. One conversation refused does not stop the others: its
 * result carries the error code (an id that is another organisation's, another team's, deleted
 * or unknown is `not-found`, and nothing of it is touched or revealed). Results are in the
 * request's order. Unexpected errors are not caught: the request fails (500), the conversations
 * done before it stay done, as their events say.
 */
export async function bulkConversations(
  deps: AppDeps,
  ctx: RequestContext,
  { ids, action, assigneeId }: BulkConversationsRequest,
): Promise<BulkConversationsResponse> {
  const results: BulkConversationsResponse['results'] = [];
  for (const id of ids) {
    try {
      const conversation: Conversation =
        action === 'assign'
          ? await assignConversation(deps, ctx, { id, userId: assigneeId ?? null })
          : await updateConversation(deps, ctx, { id, changes: UPDATES[action] });
      results.push({ id, ok: true, conversation });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      results.push({ id, ok: false, error: error.code });
    }
  }
  return { results };
}
