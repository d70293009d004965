import {
  nextPeriodChange,
  periodAt,
  resolveTeamSchedule,
  type PeriodChange,
  type Schedule,
  type SchedulePeriod,
} from '@accueil/domain';
import type { AppDeps } from '../../app-deps';
import { getOwnTeamSchedule } from '../teams/index';
import { getOrganizationSchedule } from './get-organization-schedule';

/** The period at an instant, when it next changes, and the schedule and time zone it was read from. */
export type SchedulePeriodAt = {
  period: SchedulePeriod;
  next: PeriodChange | null;
  schedule: Schedule;
  timeZone: string;
};

/**
 * Which period it is at `instant` (OPEN, CLOSE, BREAK, VACATION) for a team of the organisation
 * — or for the organisation itself when `teamId` is null — in the organisation's time zone, and
 * the next change. A team without its own schedule follows the organisation's week; vacations
 * add up (docs/behaviour/schedules.md). Greetings, automatic replies and the sign-in limit
 * outside work hours ask this. Null when the organisation does not exist; a team of another
 * organisation (or none) reads as the organisation's schedule.
 */
export async function getSchedulePeriod(
  deps: Pick<AppDeps, 'db'>,
  organizationId: string,
  teamId: string | null,
  instant: Date,
): Promise<SchedulePeriodAt | null> {
  const organization = await getOrganizationSchedule(deps, organizationId);
  if (!organization) return null;
  const own = teamId ? await getOwnTeamSchedule(deps, organizationId, teamId) : null;
  const schedule = resolveTeamSchedule(organization.schedule, own);
  const { timeZone } = organization;
  return {
    period: periodAt(schedule.week, schedule.vacations, instant, timeZone),
    next: nextPeriodChange(schedule.week, schedule.vacations, instant, timeZone),
    schedule,
    timeZone,
  };
}
