import {
  idParamsSchema,
  teamScheduleSchema,
  updateTeamScheduleRequestSchema,
} from '../contracts/organization-settings';
import { endpoint } from './endpoint';

const params = idParamsSchema;

/**
 * A team's schedule: every member of the organisation reads it; only administrators set it
 * (403 `forbidden`); another organisation's team answers 404 (docs/behaviour/schedules.md "Teams").
 */
export const teamScheduleEndpoints = {
  get: endpoint({
    method: 'GET',
    path: '/api/teams/:id/schedule',
    tags: ['teams'],
    summary: 'A team’s own schedule and the one it follows',
    params,
    responses: { 200: teamScheduleSchema },
  }),
  update: endpoint({
    method: 'PUT',
    path: '/api/teams/:id/schedule',
    tags: ['teams'],
    summary: 'Sets a team’s own schedule, or null to follow the organisation’s (administrators)',
    params,
    body: updateTeamScheduleRequestSchema,
    responses: { 200: teamScheduleSchema },
  }),
};
