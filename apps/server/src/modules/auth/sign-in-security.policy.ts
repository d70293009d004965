import { AppError, can } from '@accueil/domain';
import { actorOf } from '../../http/actor';
import type { RequestContext } from '../../http/request-context';

/**
 * The organisation's sign-in restrictions (machine mode and allowlist) are configuration:
 * administrators only (the shared rule `configuration.edit`).
 * @throws AppError `forbidden` (403) for anyone else.
 */
export function authorizeSignInRestrictions(ctx: RequestContext): void {
  if (!can(actorOf(ctx), 'configuration.edit', { organizationId: ctx.organizationId })) {
    throw new AppError('forbidden', 'Only administrators change the sign-in restrictions');
  }
}
