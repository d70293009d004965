import { AppError, can } from '@accueil/domain';
import { actorOf } from '../../http/actor';
import type { RequestContext } from '../../http/request-context';

/** A missing team and another organisation's team answer the same 404. */
export function mailboxTeamNotFound(): AppError {
  return new AppError('not-found', 'Team not found');
}

/** Who connects, reads the settings of and disconnects a team's mailbox: the organisation's administrators (`team.manage`). */
export function authorizeMailboxManagement(ctx: RequestContext): void {
  if (!can(actorOf(ctx), 'team.manage', { organizationId: ctx.organizationId }))
    throw new AppError('forbidden', 'Only an administrator connects a team’s mailbox');
}
