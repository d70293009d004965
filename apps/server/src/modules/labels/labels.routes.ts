import { labelEndpoints as endpoints } from '@accueil/domain';
import type { AppDeps } from '../../app-deps';
import { route } from '../../http/route';
import type { AppInstance } from '../../http/types';
import { createLabel, deleteLabel, listLabels, updateLabel } from './manage-labels';

/**
 * The organisation's labels (docs/behaviour/labels.md): every member lists them, administrators
 * manage them. Setting them on a conversation is a conversations route.
 */
export function labelsRoutes(app: AppInstance, deps: AppDeps): Promise<void> {
  const access = 'session' as const;
  route(app, endpoints.list, { access, handler: (request) => listLabels(deps, request.ctx) });
  route(app, endpoints.create, {
    access,
    config: { errors: ['label-name-taken', 'too-many-labels'] },
    handler: async (request, reply) =>
      reply.code(201).send(await createLabel(deps, request.ctx, request.body)),
  });
  route(app, endpoints.update, {
    access,
    config: { errors: ['label-name-taken'] },
    handler: (request) => updateLabel(deps, request.ctx, { id: request.params.id, changes: request.body }),
  });
  route(app, endpoints.delete, {
    access,
    handler: async (request, reply) => {
      await deleteLabel(deps, request.ctx, request.params.id);
      return reply.code(204).send(null);
    },
  });
  return Promise.resolve();
}
