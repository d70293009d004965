import { AppError, can } from '@accueil/domain';
import { actorOf } from '../../http/actor';
import type { RequestContext } from '../../http/request-context';

/** A missing team and another organisation's team answer the same 404. */
export function teamNotFound(): AppError {
  return new AppError('not-found', 'Team not found');
}

/**
 * The policy of a membership change (`team.addMember`, `team.removeMember`): an administrator
 * of the organisation, or one the team flags (`administratorIds`). A team that is missing or of
 * another organisation answers 404; a refused actor 403 `forbidden`.
 */
export function authorizeTeamMembership(
  ctx: RequestContext,
  action: 'team.addMember' | 'team.removeMember',
  team: { id: string; organizationId: string; administratorIds: readonly string[] } | null,
): asserts team is { id: string; organizationId: string; administratorIds: readonly string[] } {
  if (!team || team.organizationId !== ctx.organizationId) throw teamNotFound();
  if (!can(actorOf(ctx), action, team)) {
    throw new AppError('forbidden', 'Only an administrator of this team changes its members');
  }
}

/** The policy of creating and editing teams: the organisation's administrators (403 `forbidden` otherwise). */
export function authorizeTeamManagement(ctx: RequestContext): void {
  if (!can(actorOf(ctx), 'team.manage', { organizationId: ctx.organizationId })) {
    throw new AppError('forbidden', 'Only an administrator creates and edits teams');
  }
}
