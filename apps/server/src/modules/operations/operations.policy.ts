import { AppError, can } from '@accueil/domain';
import { actorOf } from '../../http/actor';
import type { RequestContext } from '../../http/request-context';

/**
 * The operators' tools are devops' (the rule `operations.manage`); the routes' role check says
 * the same, this is the rule the use cases enforce themselves.
 * @throws AppError 'forbidden' for any other role.
 */
export function authorizeOperations(ctx: RequestContext): void {
  if (!can(actorOf(ctx), 'operations.manage')) {
    throw new AppError('forbidden', 'Only devops use the operators’ tools');
  }
}
