import {
  teamEndpoints,
  userEndpoints,
  type CreateTeamRequest,
  type TeamConfig,
  type UpdateTeamRequest,
  type UserDirectoryEntry,
} from '@accueil/domain';
import { api } from '../../../lib/endpoint-client';

/** The keys live with the hooks (`use-teams-users.ts`); re-exported for the screens that still read them here. */
export { configurationKeys } from './keys';

/** GET /api/teams: every team of the organisation, with members and what the reader is in each. */
export const listTeams = (signal?: AbortSignal): Promise<TeamConfig[]> =>
  api.call(teamEndpoints.list, { signal });
/** GET /api/users/directory: the organisation's users as colleagues see them. */
export const listDirectory = (signal?: AbortSignal): Promise<UserDirectoryEntry[]> =>
  api.call(userEndpoints.directory, { signal });
/** POST /api/teams (administrators). */
export const createTeam = (body: CreateTeamRequest): Promise<TeamConfig> =>
  api.call(teamEndpoints.create, { body });
/** PUT /api/teams/:id (administrators). */
export const updateTeam = (id: string, body: UpdateTeamRequest): Promise<TeamConfig> =>
  api.call(teamEndpoints.update, { params: { id }, body });
/** PUT /api/teams/:id/members/:userId: adds a member or sets their administrator flag. */
export const putTeamMember = (id: string, userId: string, administrator: boolean): Promise<TeamConfig> =>
  api.call(teamEndpoints.putMember, { params: { id, userId }, body: { administrator } });
/** DELETE /api/teams/:id/members/:userId. */
export const removeTeamMember = (id: string, userId: string): Promise<TeamConfig> =>
  api.call(teamEndpoints.removeMember, { params: { id, userId } });
