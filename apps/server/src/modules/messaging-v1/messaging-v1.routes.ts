import { messagingEndpoints as endpoints } from '@accueil/domain';
import type { AppDeps } from '../../app-deps';
import { route } from '../../http/route';
import type { AppInstance } from '../../http/types';
import {
  CREATE_CONVERSATION_ERRORS,
  createConversation,
  deleteConversation,
  getConversation,
  listConversations,
  updateConversation,
} from '../conversations';
import { pollEvents } from './poll-events';
import { requireFrance } from './require-france';

/**
 * France's messaging paths (docs/behaviour/france.md): the threads are the conversations module's
 * use cases under the spec's other paths, with the same shapes, rules and errors (another
 * organisation's or team's id 404, archiving by its own ability, deleting by administrators);
 * the polling transport. Every route answers 404 `not-found` for an organisation outside France.
 */
export function messagingV1Routes(app: AppInstance, deps: AppDeps): Promise<void> {
  const access = 'session' as const;

  route(app, endpoints.listThreads, {
    access,
    config: { errors: ['not-found'] },
    handler: async (request) => {
      await requireFrance(deps, request.ctx);
      return listConversations(deps, request.ctx, request.query);
    },
  });

  route(app, endpoints.createThread, {
    access,
    config: {
      sendRateLimit: true,
      errors: CREATE_CONVERSATION_ERRORS,
    },
    handler: async (request, reply) => {
      await requireFrance(deps, request.ctx);
      return reply.code(201).send(await createConversation(deps, request.ctx, request.body));
    },
  });

  route(app, endpoints.getThread, {
    access,
    handler: async (request) => {
      await requireFrance(deps, request.ctx);
      return getConversation(deps, request.ctx, request.params.id);
    },
  });

  route(app, endpoints.updateThread, {
    access,
    handler: async (request) => {
      await requireFrance(deps, request.ctx);
      return updateConversation(deps, request.ctx, { id: request.params.id, changes: request.body });
    },
  });

  route(app, endpoints.deleteThread, {
    access,
    handler: async (request, reply) => {
      await requireFrance(deps, request.ctx);
      await deleteConversation(deps, request.ctx, request.params.id);
      return reply.code(204).send(null);
    },
  });

  route(app, endpoints.poll, {
    access,
    config: { errors: ['not-found'] },
    handler: (request) => pollEvents(deps, request.ctx, request.query),
  });

  return Promise.resolve();
}
