import { z } from 'zod';
import { SUPPORTED_LOCALES } from '../constants';
import { organizationSchema } from '../entities/organization';
import { teamSchema } from '../entities/team';
import { presenceStatusSchema, userSchema } from '../entities/user';
import { sessionAbilitiesSchema } from '../abilities/presented';

/** An interface locale the user can choose: fr-CA, en-CA or fr-FR. */
export const localeSchema = z.enum(SUPPORTED_LOCALES);
export type Locale = z.infer<typeof localeSchema>;

/**
 * POST /api/auth/login. `locale` (optional) is the language picked on the login page
 * (`/login?lang=`): when its language differs from the user's stored locale it replaces it,
 * so that the explicit choice wins (a French choice keeps a stored fr-FR).
 */
export const loginRequestSchema = z.strictObject({
  username: z.string().trim().min(1).max(200),
  password: z.string().min(1).max(500),
  locale: localeSchema.optional(),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/**
 * The signed-in person's context: the user, their current team (`userGroup`, null when they
 * belong to none), their organisation, every team they belong to, and what their role lets
 * them do there (`abilities`: the web app hides what the server would refuse).
 */
/**
 * Present when the session is a devops user's impersonation of the organisation: who
 * impersonates, and when the session ends (it cannot be refreshed past `expiresAt`).
 */
export const impersonationSchema = z.object({
  impersonator: z.object({ id: z.uuid(), name: z.string() }),
  expiresAt: z.iso.datetime(),
});
export type Impersonation = z.infer<typeof impersonationSchema>;

export const sessionContextSchema = z.object({
  user: userSchema,
  userGroup: teamSchema.nullable(),
  organization: organizationSchema,
  userGroups: z.array(teamSchema),
  abilities: sessionAbilitiesSchema,
  impersonation: impersonationSchema.nullable().optional(),
});
export type SessionContext = z.infer<typeof sessionContextSchema>;

/** Login answer: the access token plus the session context. The refresh token is a cookie. */
export const loginResponseSchema = sessionContextSchema.extend({ jwt: z.string() });
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** POST /api/auth/refresh → `{ jwt }` (refresh token read from and rotated in the cookie). */
export const refreshResponseSchema = z.object({ jwt: z.string() });
export type RefreshResponse = z.infer<typeof refreshResponseSchema>;

/** POST /api/auth/logout `{ revokeAll }`: revokeAll ends every session of the user. */
export const logoutRequestSchema = z.strictObject({ revokeAll: z.boolean().default(false) });

/** PUT /api/auth/user-group `{ userGroup }`: switch the current team. Answers the session context. */
export const switchTeamRequestSchema = z.strictObject({ userGroup: z.uuid() });

/** PUT /api/auth/locale `{ locale }`: stores the user's interface language. Answers the session context. */
export const localeRequestSchema = z.strictObject({ locale: localeSchema });

/** PUT /api/auth/status `{ status }`. Answers `{ status }`. */
export const statusRequestSchema = z.strictObject({ status: presenceStatusSchema });

/** Claims of the access token (JWT, HS256). `sid` is the session id, `org` the organisation. */
export const accessTokenClaimsSchema = z.object({
  sub: z.uuid(),
  sid: z.uuid(),
  org: z.uuid(),
});
export type AccessTokenClaims = z.infer<typeof accessTokenClaimsSchema>;
