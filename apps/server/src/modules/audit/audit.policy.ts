import { AppError, can } from '@accueil/domain';
import { actorOf } from '../../http/actor';
import type { RequestContext } from '../../http/request-context';

/**
 * The audit log is for the organisation's administrators (admin, super-admin, devops: the
 * same rule as its configuration, `configuration.edit` in packages/domain/src/abilities).
 * @throws AppError 'forbidden' for any other role.
 */
export function authorizeAuditRead(ctx: RequestContext): void {
  if (!can(actorOf(ctx), 'configuration.edit', { organizationId: ctx.organizationId })) {
    throw new AppError('forbidden', 'Only administrators may read the audit log');
  }
}
