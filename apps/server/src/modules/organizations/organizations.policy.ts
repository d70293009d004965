import { AppError, can } from '@accueil/domain';
import { actorOf } from '../../http/actor';
import type { RequestContext } from '../../http/request-context';

/** What is done with an organisation's settings: read them (every member) or change them (administrators). */
export type OrganizationAccess = 'read' | 'edit';

/** The answer for another organisation's id, or one that does not exist: the same 404 either way. */
export function organizationNotFound(): AppError {
  return new AppError('not-found', 'Organisation not found');
}

/**
 * The policy of an organisation's settings and schedules (docs/behaviour/organization-settings.md):
 * another organisation's id answers 404 (its existence is not disclosed); every member reads;
 * changing needs `configuration.edit` (administrators), else 403 `forbidden`.
 */
export function authorizeOrganization(
  ctx: RequestContext,
  access: OrganizationAccess,
  organizationId: string,
): void {
  if (organizationId !== ctx.organizationId) throw organizationNotFound();
  if (access === 'edit' && !can(actorOf(ctx), 'configuration.edit', { organizationId })) {
    throw new AppError('forbidden', 'Only administrators change the organisation’s settings');
  }
}
