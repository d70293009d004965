import { AppError, type TeamConfig } from '@accueil/domain';
import { recordEvent } from '../../events/record-event';
import { transactionWithEvents } from '../../events/transaction-with-events';
import type { AppDeps } from '../../app-deps';
import type { RequestContext } from '../../http/request-context';
import { forgetTeamOfUser } from '../users/index';
import { announceMembershipChange } from './membership-events';
import { findTeamForMembership } from './team-admins';
import { loadTeamConfig } from './team-configs';
import { deleteMembership, listMemberships } from './team-memberships';
import { assertNotLastOfTeams, teamsHeldBy } from './team-rules';
import { authorizeTeamMembership } from './teams.policy';

/**
 * DELETE /api/teams/:id/members/:userId: an administrator of the team removes a user from it
 * (their default team included). The team's last administrator or last user cannot be removed.
 * When it was their current team they move to their default team (else another of theirs);
 * their sockets leave the team's room at once, so they stop receiving its events, and its
 * inbox refuses them from the next request on. Audited (`user.teams-changed`,
 * `{ teamId, change: 'removed' }`) from the domain event `team-member.removed` recorded in the same
 * transaction.
 * @throws AppError `not-found` (404: team missing or of another organisation, or the user is
 *   not a member), `forbidden` (403), `team-last-member` / `team-last-administrator` (409).
 */
export async function removeTeamMember(
  deps: AppDeps,
  ctx: RequestContext,
  input: { teamId: string; userId: string },
): Promise<TeamConfig> {
  const team = await transactionWithEvents(deps, async (tx) => {
    const found = await findTeamForMembership(deps, ctx.organizationId, input.teamId, tx);
    authorizeTeamMembership(ctx, 'team.removeMember', found);
    if (!found.members.some((m) => m.userId === input.userId))
      throw new AppError('not-found', 'This user is not a member of the team');
    assertNotLastOfTeams(
      await teamsHeldBy(
        deps,
        { organizationId: ctx.organizationId, userId: input.userId, teamIds: [input.teamId] },
        tx,
      ),
    );
    await deleteMembership(tx, {
      organizationId: ctx.organizationId,
      teamId: input.teamId,
      userId: input.userId,
    });
    const [fallback] = await listMemberships(
      deps,
      { organizationId: ctx.organizationId, userId: input.userId },
      tx,
    );
    await forgetTeamOfUser(
      deps,
      { userId: input.userId, teamId: input.teamId, fallbackTeamId: fallback?.teamId ?? null },
      tx,
    );
    await recordEvent(tx, {
      name: 'team-member.removed',
      organizationId: ctx.organizationId,
      actorUserId: ctx.userId,
      payload: { teamId: input.teamId, userId: input.userId },
    });
    return loadTeamConfig(deps, ctx, input.teamId, tx);
  });
  announceMembershipChange(deps, { userId: input.userId, teamId: input.teamId, member: false });
  return team;
}
