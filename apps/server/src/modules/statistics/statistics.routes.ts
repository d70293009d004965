import { statisticsEndpoints as endpoints } from '@accueil/domain';
import type { AppDeps } from '../../app-deps';
import { route } from '../../http/route';
import type { AppInstance } from '../../http/types';
import {
  addStatisticsRecipient,
  listStatisticsRecipients,
  removeStatisticsRecipient,
} from './statistics-recipients';

/** The statistics (docs/behaviour/statistics.md): the organisation's administrators only. */
export function statisticsRoutes(app: AppInstance, deps: AppDeps): Promise<void> {
  const access = { roles: ['admin', 'super-admin', 'devops'] } as const;
  route(app, endpoints.listRecipients, {
    access,
    handler: (request) => listStatisticsRecipients(deps, request.ctx),
  });
  route(app, endpoints.addRecipient, {
    access,
    config: { errors: ['email-taken'] },
    handler: async (request, reply) =>
      reply.code(201).send(await addStatisticsRecipient(deps, request.ctx, request.body)),
  });
  route(app, endpoints.removeRecipient, {
    access,
    handler: async (request, reply) => {
      await removeStatisticsRecipient(deps, request.ctx, request.params.id);
      return reply.code(204).send(null);
    },
  });
  return Promise.resolve();
}
