import { operationsEndpoints as endpoints } from '@accueil/domain';
import type { AppDeps } from '../../app-deps';
import { route } from '../../http/route';
import type { AppInstance } from '../../http/types';
import { getHealth } from './get-health';

/** The operators' tools (docs/api.md "Operations"): devops only. */
export function operationsRoutes(app: AppInstance, deps: AppDeps): Promise<void> {
  route(app, endpoints.health, {
    access: { roles: ['devops'] },
    handler: (request) => getHealth(deps, request.ctx),
  });
  return Promise.resolve();
}
