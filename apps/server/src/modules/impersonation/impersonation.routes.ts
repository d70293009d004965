import { devopsEndpoints as endpoints } from '@accueil/domain';
import type { AppDeps } from '../../app-deps';
import { route } from '../../http/route';
import type { AppInstance } from '../../http/types';
import { setRefreshCookie } from '../auth/index';
import { listOrganizations } from './list-organizations';
import { startImpersonation } from './start-impersonation';
import { stopImpersonation } from './stop-impersonation';

/** The devops panel's organisations and impersonation (docs/api.md "Devops"). */
export function impersonationRoutes(app: AppInstance, deps: AppDeps): Promise<void> {
  const devops = { roles: ['devops'] } as const;

  route(app, endpoints.listOrganizations, {
    access: devops,
    handler: (request) => listOrganizations(deps, request.ctx),
  });

  route(app, endpoints.startImpersonation, {
    access: devops,
    config: { errors: ['not-found'] },
    handler: async (request, reply) => {
      const result = await startImpersonation(deps, request.ctx, {
        organizationId: request.body.organizationId,
        userAgent: request.headers['user-agent'] ?? null,
      });
      setRefreshCookie(reply, deps.config, result.refreshToken);
      return result.response;
    },
  });

  route(app, endpoints.stopImpersonation, {
    access: 'session',
    handler: async (request, reply) => {
      const result = await stopImpersonation(deps, request.ctx, {
        userAgent: request.headers['user-agent'] ?? null,
      });
      setRefreshCookie(reply, deps.config, result.refreshToken);
      return result.response;
    },
  });
  return Promise.resolve();
}
