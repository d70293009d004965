import { z } from 'zod';
import {
  createTeamRequestSchema,
  putTeamMemberRequestSchema,
  teamIdParamsSchema,
  teamMemberParamsSchema,
  updateTeamRequestSchema,
} from '../contracts/teams';
import { teamSchema } from '../entities/team';
import { teamConfigSchema } from '../entities/team-config';
import { endpoint } from './endpoint';

const tags = ['teams'] as const;

/**
 * Teams of the organisation (configuration, Teams). Every signed-in user lists them (their own
 * and the others); administrators create and edit them; an administrator of the organisation
 * or of the team changes its members. Another organisation's id answers 404; a refused action
 * 403 `forbidden`; breaking a team's rules 409 (`team-label-taken`, `email-taken`,
 * `team-last-administrator`, `team-last-member`).
 */
export const teamEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/teams',
    tags,
    summary: "The organisation's teams with their members",
    responses: { 200: z.array(teamConfigSchema) },
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/teams',
    tags,
    summary: 'Creates a team with its first members (an administrator among them)',
    body: createTeamRequestSchema,
    responses: { 201: teamConfigSchema },
  }),
  update: endpoint({
    method: 'PUT',
    path: '/api/teams/:id',
    tags,
    summary: "Changes a team's label, e-mail, phone number or default inbox",
    params: teamIdParamsSchema,
    body: updateTeamRequestSchema,
    responses: { 200: teamConfigSchema },
  }),
  putMember: endpoint({
    method: 'PUT',
    path: '/api/teams/:id/members/:userId',
    tags,
    summary: 'Adds a user to a team or changes their administrator flag',
    params: teamMemberParamsSchema,
    body: putTeamMemberRequestSchema,
    responses: { 200: teamConfigSchema },
  }),
  removeMember: endpoint({
    method: 'DELETE',
    path: '/api/teams/:id/members/:userId',
    tags,
    summary: 'Removes a user from a team (not its last administrator or user)',
    params: teamMemberParamsSchema,
    responses: { 200: teamConfigSchema },
  }),
};

/**
 * The spec's user groups (its name for teams; §7 "Teams and users"), in the shape the session
 * answers carry (`userGroups`): `GET /api/user-groups` every team of the organisation, `GET
 * /api/user-groups/belongs` the signed-in user's. Main team first, then by label; every signed-in
 * user reads them; another organisation's teams never appear.
 */
export const userGroupEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/user-groups',
    tags,
    summary: "The organisation's teams (user groups), main first, then by label",
    responses: { 200: z.array(teamSchema) },
  }),
  belongs: endpoint({
    method: 'GET',
    path: '/api/user-groups/belongs',
    tags,
    summary: 'The teams (user groups) the signed-in user belongs to, main first, then by label',
    responses: { 200: z.array(teamSchema) },
  }),
};
