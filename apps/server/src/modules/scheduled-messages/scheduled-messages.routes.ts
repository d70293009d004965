import { scheduledMessageEndpoints as endpoints } from '@accueil/domain';
import type { AppDeps } from '../../app-deps';
import { route } from '../../http/route';
import type { AppInstance } from '../../http/types';
import { createScheduledMessage } from './create-scheduled-message';
import { deleteScheduledMessage } from './delete-scheduled-message';
import { getScheduledMessage } from './get-scheduled-message';
import { listScheduledMessages, listScheduledMessagesForPhone } from './list-scheduled-messages';
import { updateScheduledMessage } from './update-scheduled-message';

/**
 * Scheduled messages (docs/behaviour/scheduled-messages.md, docs/api.md "Scheduled messages"):
 * tenant-scoped (another organisation's id answers 404); members of a team list and create
 * them, their author and administrators change and delete them.
 */
export function scheduledMessagesRoutes(app: AppInstance, deps: AppDeps): Promise<void> {
  const access = 'session' as const;
  route(app, endpoints.list, {
    access,
    handler: (request) => listScheduledMessages(deps, request.ctx, request.query),
  });
  route(app, endpoints.byPhone, {
    access,
    handler: (request) => listScheduledMessagesForPhone(deps, request.ctx, request.params.phone),
  });
  route(app, endpoints.create, {
    access,
    config: { errors: ['not-found', 'phone-invalid', 'scheduled-too-soon'] },
    handler: async (request, reply) =>
      reply.code(201).send(await createScheduledMessage(deps, request.ctx, request.body)),
  });
  route(app, endpoints.get, {
    access,
    handler: (request) => getScheduledMessage(deps, request.ctx, request.params.id),
  });
  route(app, endpoints.update, {
    access,
    config: { errors: ['scheduled-message-not-editable', 'scheduled-too-soon'] },
    handler: (request) => updateScheduledMessage(deps, request.ctx, request.params.id, request.body),
  });
  route(app, endpoints.delete, {
    access,
    handler: async (request, reply) => {
      await deleteScheduledMessage(deps, request.ctx, request.params.id);
      return reply.code(204).send(null);
    },
  });
  return Promise.resolve();
}
