import { auditEndpoints as endpoints } from '@accueil/domain';
import type { AppDeps } from '../../app-deps';
import { route } from '../../http/route';
import type { AppInstance } from '../../http/types';
import { listAuditEvents } from './list-audit-events';
import { verifyAuditChain } from './verify-audit-chain';

/**
 * The audit log (docs/api.md "Audit log"): the caller's organisation's events and the check
 * of their chain, for administrators (the policy answers 403 `forbidden` to other roles).
 */
export function auditRoutes(app: AppInstance, deps: AppDeps): Promise<void> {
  const access = 'session' as const;
  route(app, endpoints.list, {
    access,
    handler: (request) => listAuditEvents(deps, request.ctx, request.query),
  });
  route(app, endpoints.verify, { access, handler: (request) => verifyAuditChain(deps, request.ctx) });
  return Promise.resolve();
}
