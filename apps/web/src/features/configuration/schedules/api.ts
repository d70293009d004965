import {
  organizationEndpoints,
  teamScheduleEndpoints,
  type Schedule,
  type TeamSchedule,
} from '@accueil/domain';
import { api } from '../../../lib/endpoint-client';

/** Query keys of the schedules tab (read through `use-schedules.ts`). */
export const scheduleKeys = {
  teams: () => ['schedules', 'team'] as const,
  organization: (organizationId: string) => ['schedules', 'organization', organizationId] as const,
  team: (teamId: string) => ['schedules', 'team', teamId] as const,
};

/** GET /api/organizations/:id/schedule. */
export function fetchOrganizationSchedule(organizationId: string, signal?: AbortSignal): Promise<Schedule> {
  return api.call(organizationEndpoints.getSchedule, { params: { id: organizationId }, signal });
}

/** PUT /api/organizations/:id/schedule (administrators). */
export function saveOrganizationSchedule(organizationId: string, schedule: Schedule): Promise<Schedule> {
  return api.call(organizationEndpoints.updateSchedule, { params: { id: organizationId }, body: schedule });
}

/** GET /api/teams/:id/schedule: the team's own schedule (null: follows the organisation's) and the one in effect. */
export function fetchTeamSchedule(teamId: string, signal?: AbortSignal): Promise<TeamSchedule> {
  return api.call(teamScheduleEndpoints.get, { params: { id: teamId }, signal });
}

/** PUT /api/teams/:id/schedule: its own schedule, or null to follow the organisation's (administrators). */
export function saveTeamSchedule(teamId: string, schedule: Schedule | null): Promise<TeamSchedule> {
  return api.call(teamScheduleEndpoints.update, { params: { id: teamId }, body: { schedule } });
}
