import { AppError, can } from '@accueil/domain';
import { actorOf } from '../../http/actor';
import type { RequestContext } from '../../http/request-context';

/**
 * The policy of changing automatic replies (`automation.edit`): the organisation's
 * administrators only; others 403 `forbidden` (they read them).
 */
export function authorizeAutomationEdit(ctx: RequestContext): void {
  if (!can(actorOf(ctx), 'automation.edit', { organizationId: ctx.organizationId })) {
    throw new AppError('forbidden', 'Only an administrator changes the automatic replies');
  }
}
