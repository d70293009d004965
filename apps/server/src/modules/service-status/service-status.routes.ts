import { serviceStatusEndpoints as endpoints } from '@accueil/domain';
import type { AppDeps } from '../../app-deps';
import { route } from '../../http/route';
import type { AppInstance } from '../../http/types';
import { getServiceStatus } from './get-service-status';
import { updateServiceStatus } from './update-service-status';

/** The service's status: read by anyone, set by devops (docs/api.md "Service status"). */
export function serviceStatusRoutes(app: AppInstance, deps: AppDeps): Promise<void> {
  route(app, endpoints.getStatus, {
    access: 'public',
    handler: () => getServiceStatus(deps),
  });

  route(app, endpoints.updateStatus, {
    access: { roles: ['devops'] },
    handler: (request) => updateServiceStatus(deps, request.ctx, request.body),
  });
  return Promise.resolve();
}
