import { AppError, type PutTeamMemberRequest, type TeamConfig } from '@accueil/domain';
import { recordEvent } from '../../events/record-event';
import { transactionWithEvents } from '../../events/transaction-with-events';
import type { AppDeps } from '../../app-deps';
import type { RequestContext } from '../../http/request-context';
import { adoptTeamIfNone, listUserSummaries } from '../users/index';
import { announceMembershipChange } from './membership-events';
import { findTeamForMembership } from './team-admins';
import { loadTeamConfig } from './team-configs';
import { upsertMemberships } from './team-memberships';
import { assertNotLastOfTeams, teamsHeldBy } from './team-rules';
import { authorizeTeamManagement, authorizeTeamMembership } from './teams.policy';

/**
 * PUT /api/teams/:id/members/:userId `{ administrator }`: adds the user to the team, or changes
 * their administrator flag. Only an administrator of the team (the organisation's, or one the
 * team flags) does it; others see the team but cannot join it. Making someone a team
 * administrator is the organisation administrators' (a team administrator adds members only).
 * The user's sockets join the team's room at once. A change (joined, or the flag changed) is
 * audited (`user.teams-changed`, `{ teamId, change: 'added' | 'administrator', administrator }`)
 * from the domain event recorded in the same transaction (`team-member.added`,
 * `team-member.administrator-changed`).
 * @throws AppError `not-found` (404: team or user missing or of another organisation),
 *   `forbidden` (403), `team-last-administrator` (409) when it would leave the team without one.
 */
export async function putTeamMember(
  deps: AppDeps,
  ctx: RequestContext,
  input: { teamId: string; userId: string } & PutTeamMemberRequest,
): Promise<TeamConfig> {
  const outcome = await transactionWithEvents(deps, async (tx) => {
    const team = await findTeamForMembership(deps, ctx.organizationId, input.teamId, tx);
    authorizeTeamMembership(ctx, 'team.addMember', team);
    const [user] = await listUserSummaries(
      deps,
      { organizationId: ctx.organizationId, userIds: [input.userId] },
      tx,
    );
    if (!user) throw new AppError('not-found', 'User not found');
    const current = team.members.find((m) => m.userId === input.userId);
    if (input.administrator !== (current?.administrator ?? false)) authorizeTeamManagement(ctx);
    if (current?.administrator && !input.administrator) {
      const held = await teamsHeldBy(
        deps,
        { organizationId: ctx.organizationId, userId: input.userId, teamIds: [input.teamId] },
        tx,
      );
      assertNotLastOfTeams({
        lastAdministratorOf: [...held.lastAdministratorOf, ...held.lastMemberOf],
        lastMemberOf: [],
      });
    }
    await upsertMemberships(tx, {
      organizationId: ctx.organizationId,
      userId: input.userId,
      teams: [{ teamId: input.teamId, administrator: input.administrator }],
    });
    await adoptTeamIfNone(deps, { userId: input.userId, teamId: input.teamId }, tx);
    if (!current || current.administrator !== input.administrator) {
      await recordEvent(tx, {
        name: current ? 'team-member.administrator-changed' : 'team-member.added',
        organizationId: ctx.organizationId,
        actorUserId: ctx.userId,
        payload: { teamId: input.teamId, userId: input.userId, administrator: input.administrator },
      });
    }
    return { joined: !current, team: await loadTeamConfig(deps, ctx, input.teamId, tx) };
  });
  if (outcome.joined)
    announceMembershipChange(deps, { userId: input.userId, teamId: input.teamId, member: true });
  return outcome.team;
}
