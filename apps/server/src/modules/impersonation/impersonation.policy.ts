import { AppError, can } from '@accueil/domain';
import { actorOf } from '../../http/actor';
import type { RequestContext } from '../../http/request-context';

/**
 * Impersonating an organisation is devops' (the rule `organization.impersonate`); an
 * impersonation session cannot start another.
 * @throws AppError 'forbidden' otherwise.
 */
export function authorizeImpersonation(ctx: RequestContext): void {
  if (ctx.impersonatorId || !can(actorOf(ctx), 'organization.impersonate')) {
    throw new AppError('forbidden', 'Only devops impersonate an organisation');
  }
}
