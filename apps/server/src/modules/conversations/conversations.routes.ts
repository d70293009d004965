import { conversationEndpoints as endpoints } from '@accueil/domain';
import type { AppDeps } from '../../app-deps';
import { route } from '../../http/route';
import type { AppInstance } from '../../http/types';
import { assignConversation } from './assign-conversation';
import { bulkConversations } from './bulk-conversations';
import { CREATE_CONVERSATION_ERRORS, createConversation } from './create-conversation';
import { deleteConversation } from './delete-conversation';
import { endFollowUp, startFollowUp } from './follow-up';
import { getConversation } from './get-conversation';
import { getTeamUnreadCounts } from './get-team-unread-counts';
import { getUnreadCounts } from './get-unread-counts';
import { getViewCounts } from './get-view-counts';
import { listConversations } from './list-conversations';
import { listDeletedConversations } from './list-deleted-conversations';
import { lookupConversation } from './lookup-conversation';
import { restoreConversation } from './restore-conversation';
import { setConversationLabels } from './set-conversation-labels';
import { SNOOZE_ERRORS, snoozeConversation, unsnoozeConversation } from './snooze-conversation';
import { updateConversation } from './update-conversation';

/**
 * Conversations (docs/api.md "Conversations"), served from their shared endpoints: the current
 * team's inbox, tenant-scoped; another organisation's or team's id answers 404. Starting a
 * conversation counts against the send rate limits (http/send-rate-limit.ts: 429
 * `too-many-requests`). Its messages' routes are the messages module's.
 */
export function conversationsRoutes(app: AppInstance, deps: AppDeps): Promise<void> {
  const access = 'session' as const;

  route(app, endpoints.list, {
    access,
    handler: (request) => listConversations(deps, request.ctx, request.query),
  });

  route(app, endpoints.unreadCounts, { access, handler: (request) => getUnreadCounts(deps, request.ctx) });

  route(app, endpoints.teamUnreadCounts, {
    access,
    handler: (request) => getTeamUnreadCounts(deps, request.ctx),
  });

  route(app, endpoints.viewCounts, { access, handler: (request) => getViewCounts(deps, request.ctx) });

  route(app, endpoints.lookup, {
    access,
    handler: (request) => lookupConversation(deps, request.ctx, request.query.phone),
  });

  route(app, endpoints.create, {
    access,
    config: {
      sendRateLimit: true,
      errors: CREATE_CONVERSATION_ERRORS,
    },
    handler: async (request, reply) =>
      reply.code(201).send(await createConversation(deps, request.ctx, request.body)),
  });

  route(app, endpoints.get, {
    access,
    handler: (request) => getConversation(deps, request.ctx, request.params.id),
  });

  route(app, endpoints.update, {
    access,
    handler: (request) =>
      updateConversation(deps, request.ctx, { id: request.params.id, changes: request.body }),
  });

  route(app, endpoints.assign, {
    access,
    config: { errors: ['assignee-not-in-team'] },
    handler: (request) =>
      assignConversation(deps, request.ctx, { id: request.params.id, userId: request.body.userId }),
  });

  route(app, endpoints.bulk, {
    access,
    handler: (request) => bulkConversations(deps, request.ctx, request.body),
  });

  route(app, endpoints.snooze, {
    access,
    config: { errors: [...SNOOZE_ERRORS] },
    handler: (request) =>
      snoozeConversation(deps, request.ctx, { id: request.params.id, until: request.body.until }),
  });
  route(app, endpoints.unsnooze, {
    access,
    handler: (request) => unsnoozeConversation(deps, request.ctx, request.params.id),
  });

  route(app, endpoints.setLabels, {
    access,
    config: { errors: ['label-not-found'] },
    handler: (request) =>
      setConversationLabels(deps, request.ctx, { id: request.params.id, labelIds: request.body.labelIds }),
  });

  route(app, endpoints.startFollowUp, {
    access,
    config: { errors: ['follow-up-in-progress'] },
    handler: (request) => startFollowUp(deps, request.ctx, request.params.id),
  });
  route(app, endpoints.endFollowUp, {
    access,
    handler: (request) => endFollowUp(deps, request.ctx, request.params.id),
  });

  route(app, endpoints.delete, {
    access,
    handler: async (request, reply) => {
      await deleteConversation(deps, request.ctx, request.params.id);
      return reply.code(204).send(null);
    },
  });

  route(app, endpoints.listDeleted, {
    access,
    handler: (request) => listDeletedConversations(deps, request.ctx),
  });

  route(app, endpoints.restore, {
    access,
    config: { errors: ['not-found', 'conversation-exists'] },
    handler: (request) => restoreConversation(deps, request.ctx, request.params.id),
  });

  return Promise.resolve();
}
