import { AppError, can } from '@accueil/domain';
import { actorOf } from '../../http/actor';
import type { RequestContext } from '../../http/request-context';

/**
 * Reading the statistics and their report's recipients (`statistics.read`): the organisation's
 * administrators. The route's role check says the same; this is the rule the use case enforces.
 * @throws AppError `forbidden` (403) for any other role.
 */
export function authorizeStatisticsRead(ctx: RequestContext): void {
  if (!can(actorOf(ctx), 'statistics.read', { organizationId: ctx.organizationId })) {
    throw new AppError('forbidden', 'Only administrators read the statistics');
  }
}

/**
 * Changing the weekly report's recipients is a configuration change (`configuration.edit`):
 * the organisation's administrators.
 * @throws AppError `forbidden` (403) for any other role.
 */
export function authorizeRecipientsEdit(ctx: RequestContext): void {
  if (!can(actorOf(ctx), 'configuration.edit', { organizationId: ctx.organizationId })) {
    throw new AppError('forbidden', "Only administrators change the statistics report's recipients");
  }
}
