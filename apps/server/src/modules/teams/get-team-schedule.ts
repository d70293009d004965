import { resolveTeamSchedule, type Schedule, type TeamSchedule } from '@accueil/domain';
import { and, eq } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import type { DbOrTx } from '../../db/client';
import { teamSchedules } from '../../db/schema/team-schedules';
import { getOrganizationSchedule } from '../organizations/index';
import { getTeam } from './teams.service';

/**
 * A team's own schedule, or null when it follows the organisation's (or is not a team of the
 * organisation).
 */
export async function getOwnTeamSchedule(
  deps: Pick<AppDeps, 'db'>,
  organizationId: string,
  teamId: string,
  tx: DbOrTx = deps.db,
): Promise<Schedule | null> {
  const [row] = await tx
    .select({ schedule: teamSchedules.schedule })
    .from(teamSchedules)
    .where(and(eq(teamSchedules.teamId, teamId), eq(teamSchedules.organizationId, organizationId)))
    .limit(1);
  return row?.schedule ?? null;
}

/**
 * A team's schedule as the API presents it: its own (null: it follows the organisation's), the
 * one in effect (docs/behaviour/schedules.md "Teams") and the organisation's time zone. Null
 * when the team is not one of the organisation's (callers answer 404).
 */
export async function getTeamSchedule(
  deps: Pick<AppDeps, 'db'>,
  organizationId: string,
  teamId: string,
  tx: DbOrTx = deps.db,
): Promise<TeamSchedule | null> {
  const team = await getTeam(deps, organizationId, teamId, tx);
  const organization = await getOrganizationSchedule(deps, organizationId, tx);
  if (!team || !organization) return null;
  const own = await getOwnTeamSchedule(deps, organizationId, teamId, tx);
  return {
    teamId,
    schedule: own,
    effective: resolveTeamSchedule(organization.schedule, own),
    timeZone: organization.timeZone,
  };
}
