import { AppError, can } from '@accueil/domain';
import { actorOf } from '../../http/actor';
import type { RequestContext } from '../../http/request-context';

/**
 * Setting the service's status is devops' (the rule `serviceStatus.manage`); the route's role
 * check says the same, this is the rule the use case enforces itself.
 * @throws AppError 'forbidden' for any other role.
 */
export function authorizeServiceStatus(ctx: RequestContext): void {
  if (!can(actorOf(ctx), 'serviceStatus.manage')) {
    throw new AppError('forbidden', 'Only devops set the service status');
  }
}
