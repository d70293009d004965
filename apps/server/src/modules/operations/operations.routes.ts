import { operationsEndpoints as endpoints } from '@accueil/domain';
import type { AppDeps } from '../../app-deps';
import { route } from '../../http/route';
import type { AppInstance } from '../../http/types';
import { getHealth } from './get-health';
import { synchronize } from './synchronize';

/** The operators' tools (docs/api.md "Operations"): devops only. */
export function operationsRoutes(app: AppInstance, deps: AppDeps): Promise<void> {
  route(app, endpoints.health, {
    access: { roles: ['devops'] },
    handler: (request) => getHealth(deps, request.ctx),
  });
  route(app, endpoints.synchronizeConversations, {
    access: { roles: ['devops'] },
    handler: (request) => synchronize(deps, request.ctx, 'conversations'),
  });
  route(app, endpoints.synchronizeFlows, {
    access: { roles: ['devops'] },
    handler: (request) => synchronize(deps, request.ctx, 'flows'),
  });
  route(app, endpoints.synchronizeVoice, {
    access: { roles: ['devops'] },
    handler: (request) => synchronize(deps, request.ctx, 'voice'),
  });
  return Promise.resolve();
}
