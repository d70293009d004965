import { AppError, type CreateTeamRequest, type TeamConfig } from '@accueil/domain';
import type { AppDeps } from '../../app-deps';
import { teams } from '../../db/schema/teams';
import type { RequestContext } from '../../http/request-context';
import { adoptTeamIfNone, listUserSummaries } from '../users/index';
import { announceMembershipChange } from './membership-events';
import { assertTeamEmailFree, assertTeamLabelFree } from './team-rules';
import { loadTeamConfig } from './team-configs';
import { upsertMemberships } from './team-memberships';
import { authorizeTeamManagement } from './teams.policy';
import { assertPhoneNumberFree } from './team-phone';

/**
 * POST /api/teams (administrators): a team with its first members. A team has at least one
 * administrator and one user from the start: `members` must hold an active administrator.
 * @throws AppError `forbidden` (403) for a non-administrator; `validation-failed` (400) without
 *   an administrator; `not-found` (404) for a member who is not a user of the organisation;
 *   `team-label-taken`, `email-taken`, `validation-failed` for a taken phone number (409/400).
 */
export async function createTeam(
  deps: AppDeps,
  ctx: RequestContext,
  input: CreateTeamRequest,
): Promise<TeamConfig> {
  authorizeTeamManagement(ctx);
  const members = [...new Map(input.members.map((m) => [m.userId, m])).values()];
  const created = await deps.db.transaction(async (tx) => {
    const people = await listUserSummaries(
      deps,
      { organizationId: ctx.organizationId, userIds: members.map((m) => m.userId) },
      tx,
    );
    if (people.length !== members.length) throw new AppError('not-found', 'User not found');
    const disabled = new Set(people.filter((p) => p.disabled).map((p) => p.id));
    if (!members.some((m) => m.administrator && !disabled.has(m.userId))) {
      throw new AppError('validation-failed', 'A team needs at least one administrator and one user', {
        field: 'members',
      });
    }
    await assertTeamLabelFree(tx, { organizationId: ctx.organizationId, label: input.label });
    await assertTeamEmailFree(deps, { organizationId: ctx.organizationId, email: input.email }, tx);
    await assertPhoneNumberFree(tx, { phoneNumber: input.phoneNumber });
    const [row] = await tx
      .insert(teams)
      .values({
        organizationId: ctx.organizationId,
        label: input.label,
        email: input.email,
        phoneNumber: input.phoneNumber,
        defaultInbox: input.defaultInbox,
      })
      .returning({ id: teams.id });
    for (const m of members) {
      await upsertMemberships(tx, {
        organizationId: ctx.organizationId,
        userId: m.userId,
        teams: [{ teamId: row!.id, administrator: m.administrator }],
      });
      await adoptTeamIfNone(deps, { userId: m.userId, teamId: row!.id }, tx);
    }
    return loadTeamConfig(deps, ctx, row!.id, tx);
  });
  for (const m of members)
    announceMembershipChange(deps, { userId: m.userId, teamId: created.id, member: true });
  return created;
}
