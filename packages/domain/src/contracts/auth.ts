import { z } from 'zod';
import { organizationSchema } from '../entities/organization';
import { teamSchema } from '../entities/team';
import { presenceStatusSchema, userSchema } from '../entities/user';

/** §7 POST /api/auth/login */
export const loginRequestSchema = z.strictObject({
  username: z.string().trim().min(1).max(200),
  password: z.string().min(1).max(500),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/**
 * The signed-in person's context: the user, their current team (`userGroup`, null when they
 * belong to none), their organisation, and every team they belong to.
 */
export const sessionContextSchema = z.object({
  user: userSchema,
  userGroup: teamSchema.nullable(),
  organization: organizationSchema,
  userGroups: z.array(teamSchema),
});
export type SessionContext = z.infer<typeof sessionContextSchema>;

/** §7 Login answer: the access token plus the session context. The refresh token is a cookie. */
export const loginResponseSchema = sessionContextSchema.extend({ jwt: z.string() });
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** §7 POST /api/auth/refresh → `{ jwt }` (refresh token read from and rotated in the cookie). */
export const refreshResponseSchema = z.object({ jwt: z.string() });
export type RefreshResponse = z.infer<typeof refreshResponseSchema>;

/** §7 POST /api/auth/logout `{ revokeAll }`: revokeAll ends every session of the user. */
export const logoutRequestSchema = z.strictObject({ revokeAll: z.boolean().default(false) });

/** §7 PUT /api/auth/user-group `{ userGroup }`: switch the current team. Answers the session context. */
export const switchTeamRequestSchema = z.strictObject({ userGroup: z.uuid() });

/** §7 PUT /api/auth/status `{ status }`. Answers `{ status }`. */
export const statusRequestSchema = z.strictObject({ status: presenceStatusSchema });

/** Claims of the access token (JWT, HS256). `sid` is the session id, `org` the organisation. */
export const accessTokenClaimsSchema = z.object({
  sub: z.uuid(),
  sid: z.uuid(),
  org: z.uuid(),
});
export type AccessTokenClaims = z.infer<typeof accessTokenClaimsSchema>;
