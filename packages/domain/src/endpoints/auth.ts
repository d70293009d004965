import { z } from 'zod';
import {
  localeRequestSchema,
  loginRequestSchema,
  loginResponseSchema,
  logoutRequestSchema,
  refreshResponseSchema,
  sessionContextSchema,
  statusRequestSchema,
  switchTeamRequestSchema,
} from '../contracts/auth';
import { presenceStatusSchema } from '../entities/user';
import { endpoint } from './endpoint';

const tags = ['auth'] as const;

/**
 * The session: sign-in, token refresh through the refresh cookie, sign-out, and the signed-in
 * person's context (profile, current team, language, presence).
 */
export const authEndpoints = {
  login: endpoint({
    method: 'POST',
    path: '/api/auth/login',
    tags,
    summary: 'Signs in: access token and session context; sets the refresh cookie',
    body: loginRequestSchema,
    responses: { 200: loginResponseSchema },
  }),
  refresh: endpoint({
    method: 'POST',
    path: '/api/auth/refresh',
    tags,
    summary: 'A new access token from the refresh cookie (rotated)',
    responses: { 200: refreshResponseSchema },
  }),
  logout: endpoint({
    method: 'POST',
    path: '/api/auth/logout',
    tags,
    summary: 'Ends the session (every session with revokeAll)',
    body: logoutRequestSchema.nullish(),
    responses: { 204: z.null() },
  }),
  profile: endpoint({
    method: 'GET',
    path: '/api/auth/profile',
    tags,
    summary: "The signed-in person's context",
    responses: { 200: sessionContextSchema },
  }),
  switchTeam: endpoint({
    method: 'PUT',
    path: '/api/auth/user-group',
    tags,
    summary: 'Switches the current team',
    body: switchTeamRequestSchema,
    responses: { 200: sessionContextSchema },
  }),
  setLocale: endpoint({
    method: 'PUT',
    path: '/api/auth/locale',
    tags,
    summary: "Stores the user's interface language",
    body: localeRequestSchema,
    responses: { 200: sessionContextSchema },
  }),
  setStatus: endpoint({
    method: 'PUT',
    path: '/api/auth/status',
    tags,
    summary: "Stores the user's presence",
    body: statusRequestSchema,
    responses: { 200: z.object({ status: presenceStatusSchema }) },
  }),
};
