import { AppError, type Schedule, type TeamSchedule } from '@accueil/domain';
import { and, eq } from 'drizzle-orm';
import { recordEvent } from '../../events/record-event';
import { transactionWithEvents, type EventDeps } from '../../events/transaction-with-events';
import { teamSchedules } from '../../db/schema/team-schedules';
import type { RequestContext } from '../../http/request-context';
import { getTeamSchedule } from './get-team-schedule';
import { getTeam } from './teams.service';

/**
 * Sets a team's own schedule, or (null) makes it follow the organisation's again. The caller
 * checked the policy (administrators) and the endpoint's schema the rules of
 * docs/behaviour/schedules.md. The audit log records `team.schedule-changed` (details
 * `follows`: `own` or `organization`) from the domain event recorded in the same transaction. Returns the team's schedule after the change.
 * @throws AppError 'not-found' when the team is not one of the request's organisation.
 */
export async function updateTeamSchedule(
  deps: EventDeps,
  ctx: RequestContext,
  teamId: string,
  schedule: Schedule | null,
): Promise<TeamSchedule> {
  return transactionWithEvents(deps, async (tx) => {
    const team = await getTeam(deps, ctx.organizationId, teamId, tx);
    if (!team) throw new AppError('not-found', 'Team not found');
    if (schedule === null) {
      await tx
        .delete(teamSchedules)
        .where(and(eq(teamSchedules.teamId, teamId), eq(teamSchedules.organizationId, ctx.organizationId)));
    } else {
      await tx
        .insert(teamSchedules)
        .values({ teamId, organizationId: ctx.organizationId, schedule })
        .onConflictDoUpdate({ target: teamSchedules.teamId, set: { schedule, updatedAt: new Date() } });
    }
    await recordEvent(tx, {
      name: 'team.schedule-changed',
      organizationId: ctx.organizationId,
      actorUserId: ctx.userId,
      payload: { teamId, follows: schedule === null ? 'organization' : 'own' },
    });
    return (await getTeamSchedule(deps, ctx.organizationId, teamId, tx))!;
  });
}
