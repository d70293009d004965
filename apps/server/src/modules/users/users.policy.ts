import { AppError, can, type Role } from '@accueil/domain';
import { actorOf } from '../../http/actor';
import type { RequestContext } from '../../http/request-context';

/** A missing user and another organisation's user answer the same 404. */
export function userNotFound(): AppError {
  return new AppError('not-found', 'User not found');
}

/**
 * The policy of managing a user (create, edit, disable, enable): the organisation's
 * administrators. A user missing or of another organisation answers 404 (checked first: their
 * existence is not disclosed); a refused actor 403 `forbidden`.
 */
export function authorizeUserManagement(
  ctx: RequestContext,
  user: { organizationId: string } | null = { organizationId: ctx.organizationId },
): void {
  if (!user || user.organizationId !== ctx.organizationId) throw userNotFound();
  if (!can(actorOf(ctx), 'user.manage', user)) {
    throw new AppError('forbidden', 'Only an administrator manages users');
  }
}

/** An administrator forces a user of their organisation out (404 for another organisation's, 403 for a non-administrator). */
export function authorizeForceDisconnect(
  ctx: RequestContext,
  user: { id: string; organizationId: string } | null,
): void {
  if (!user || user.organizationId !== ctx.organizationId) throw userNotFound();
  if (!can(actorOf(ctx), 'user.forceDisconnect', user)) {
    throw new AppError('forbidden', 'Only an administrator forces a user out');
  }
}

/**
 * Giving `role` (and taking away `from`, the user's current role): an administrator gives no
 * role above their own, nor changes the role of someone above them.
 * @throws AppError `forbidden` (403).
 */
export function authorizeRole(ctx: RequestContext, role: Role, from?: Role): void {
  const actor = actorOf(ctx);
  for (const r of from === undefined ? [role] : [role, from]) {
    if (!can(actor, 'user.assignRole', { organizationId: ctx.organizationId, role: r })) {
      throw new AppError('forbidden', `Your role cannot give or take the role ${r}`);
    }
  }
}
