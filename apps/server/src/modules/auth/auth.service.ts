import { AppError, REFRESH_REUSE_GRACE_MS, type Locale, type LoginResponse, type PresenceStatus, type SessionContext } from '@accueil/domain';
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { refreshTokens, sessions } from '../../db/schema/sessions';
import { withOrganization, withSystemAccess } from '../../db/tenant-scope';
import type { RequestContext } from '../../http/request-context';
import { rooms } from '../../realtime/publisher';
import { recordAuditEvent } from '../audit/index';
import { isTeamMember } from '../teams/index';
import { findUserForSignIn, getUserContext, roleOf, setCurrentTeam, setUserLocale, setUserStatus } from '../users/index';
import { readAccessToken, signAccessToken } from './access-token';
import { assertLoginAllowed, clearLoginFailures, recordLoginFailure } from './login-throttle';
import { verifyPassword } from './password';
import { hashRefreshToken } from './refresh-token';
import { findSessionAccess, isSessionLive, openSession, revokeSession, revokeUserSessions, rotateRefreshToken, touchSession } from './session-store';

export { hashPassword } from './password';

const sessionExpired = () => new AppError('session-expired', 'Your session has expired');

function jwtSecret(deps: Pick<AppDeps, 'config'>): string {
  if (!deps.config.JWT_SECRET) throw new Error('JWT_SECRET is not resolved (buildApp sets it)');
  return deps.config.JWT_SECRET;
}

/** Same language (`fr-CA` and `fr-FR` both speak French)? */
const sameLanguage = (a: string, b: string) => a.split('-')[0]?.toLowerCase() === b.split('-')[0]?.toLowerCase();

/**
 * POST /api/auth/login. Opens a session and returns the login answer plus the first refresh
 * token (the route puts it in the httpOnly cookie). `locale`, the language chosen on the login
 * page, replaces the stored locale when it is another language (a French choice keeps fr-FR).
 * @throws AppError `too-many-attempts` (429, `retryAfterS`) after 5 failures within 15 min,
 *   `invalid-credentials` (401) for an unknown username or a wrong password (same time for both).
 */
export async function login(
  deps: AppDeps,
  input: { username: string; password: string; locale?: Locale; userAgent: string | null },
): Promise<{ response: LoginResponse; refreshToken: string }> {
  const now = new Date();
  // The user is found by username across organisations: sign-in is what tells the organisation.
  const user = await withSystemAccess('sign-in', async () => {
    await assertLoginAllowed(deps.db, input.username, now);
    const found = await findUserForSignIn(deps, input.username);
    const ok = await verifyPassword(found?.passwordHash ?? null, input.password);
    if (!found || !ok) {
      if (found) await recordKnownUserFailure(deps, found, input.username, now);
      else await recordLoginFailure(deps.db, input.username, now);
      throw new AppError('invalid-credentials', 'Invalid username or password');
    }
    return found;
  });
  return withOrganization(user.organizationId, () => deps.db.transaction(async (tx) => {
    await clearLoginFailures(tx, input.username);
    const opened = await openSession(tx, { organizationId: user.organizationId, userId: user.id, userAgent: input.userAgent, now });
    await recordAuditEvent(tx, { organizationId: user.organizationId, actor: { userId: user.id }, action: 'sign-in.succeeded', target: { type: 'session', id: opened.sessionId }, now });
    let context = await getUserContext(deps, user.id, tx);
    if (input.locale && !sameLanguage(input.locale, context.user.locale)) {
      await setUserLocale(deps, { userId: user.id, locale: input.locale }, tx);
      context = { ...context, user: { ...context.user, locale: input.locale } };
    }
    if (context.userGroup) await setCurrentTeam(deps, { userId: user.id, teamId: context.userGroup.id }, tx);
    const jwt = await signAccessToken(jwtSecret(deps), { sub: user.id, sid: opened.sessionId, org: user.organizationId });
    return { response: { ...context, jwt }, refreshToken: opened.refreshToken };
  }));
}

/**
 * A wrong password for an existing user: the failure counted for the throttle and the
 * `sign-in.failed` audit event, in one transaction of the user's organisation. (An unknown
 * username has no organisation to log to: only the throttle counts it.)
 */
async function recordKnownUserFailure(deps: AppDeps, user: { id: string; organizationId: string }, username: string, now: Date): Promise<void> {
  await withOrganization(user.organizationId, () =>
    deps.db.transaction(async (tx) => {
      await recordLoginFailure(tx, username, now);
      await recordAuditEvent(tx, { organizationId: user.organizationId, actor: { userId: user.id }, action: 'sign-in.failed', target: { type: 'user', id: user.id }, details: { reason: 'wrong-password' }, now });
    }),
  );
}

type RefreshOutcome =
  | { kind: 'ok'; jwt: string; refreshToken: string }
  | { kind: 'refused'; revoked: { userId: string; sessionId: string } | null };

/**
 * POST /api/auth/refresh: exchanges a refresh token for a new access token and the next
 * refresh token (rotation). A token used more than REFRESH_REUSE_GRACE_MS ago revokes its whole
 * session (family); within that window it is another tab of the same browser refreshing at the
 * same moment and gets a fresh token. An idle (12 h) or revoked session is refused.
 * @throws AppError `session-expired` (401) whenever it is refused.
 */
export async function refreshSession(deps: AppDeps, refreshToken: string | undefined): Promise<{ jwt: string; refreshToken: string }> {
  if (!refreshToken) throw sessionExpired();
  const hash = hashRefreshToken(refreshToken);
  const now = new Date();
  // The refresh cookie names no organisation: its token is found across organisations.
  const outcome = await withSystemAccess('token-refresh', () => deps.db.transaction(async (tx): Promise<RefreshOutcome> => {
    const [row] = await tx
      .select({ usedAt: refreshTokens.usedAt, session: sessions })
      .from(refreshTokens)
      .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
      .where(eq(refreshTokens.tokenHash, hash))
      .for('update');
    if (!row || row.session.revokedAt) return { kind: 'refused', revoked: null };
    const { session } = row;
    const reusedLate = row.usedAt !== null && now.getTime() - row.usedAt.getTime() > REFRESH_REUSE_GRACE_MS;
    if (reusedLate || !isSessionLive(session, now)) {
      const revoked = await revokeSession(tx, session.id, now);
      return { kind: 'refused', revoked: revoked.length ? { userId: session.userId, sessionId: session.id } : null };
    }
    // Within the grace window a used token is another tab's concurrent refresh: the first use
    // time is kept, so the window does not slide.
    const next = await rotateRefreshToken(tx, { sessionId: session.id, usedHash: row.usedAt ? null : hash, now });
    const jwt = await signAccessToken(jwtSecret(deps), { sub: session.userId, sid: session.id, org: session.organizationId });
    return { kind: 'ok', jwt, refreshToken: next };
  }));
  if (outcome.kind === 'ok') return { jwt: outcome.jwt, refreshToken: outcome.refreshToken };
  if (outcome.revoked) deps.realtime.publish(rooms.user(outcome.revoked.userId), 'session:revoked', { sessionId: outcome.revoked.sessionId });
  throw sessionExpired();
}

/**
 * POST /api/auth/logout `{ revokeAll }`: ends this session, or every session of the user.
 * Each revoked session is announced (`session:revoked` to `user:<id>`) so its tabs sign out.
 */
export async function logout(deps: AppDeps, ctx: RequestContext, input: { revokeAll: boolean }): Promise<void> {
  const now = new Date();
  const revoked = await deps.db.transaction((tx) =>
    input.revokeAll ? revokeUserSessions(tx, ctx.userId, now) : revokeSession(tx, ctx.sessionId, now),
  );
  for (const sessionId of revoked) deps.realtime.publish(rooms.user(ctx.userId), 'session:revoked', { sessionId });
}

/** GET /api/auth/profile: the session context (login answer without the token). */
export async function getProfile(deps: AppDeps, ctx: RequestContext): Promise<SessionContext> {
  return deps.db.transaction((tx) => getUserContext(deps, ctx.userId, tx));
}

/**
 * PUT /api/auth/user-group `{ userGroup }`: switches the current team.
 * @throws AppError `not-found` when the team is not one of the user's teams (or another organisation's).
 */
export async function switchTeam(deps: AppDeps, ctx: RequestContext, input: { userGroup: string }): Promise<SessionContext> {
  return deps.db.transaction(async (tx) => {
    const member = await isTeamMember(deps, { organizationId: ctx.organizationId, teamId: input.userGroup, userId: ctx.userId }, tx);
    if (!member) throw new AppError('not-found', 'Team not found');
    await setCurrentTeam(deps, { userId: ctx.userId, teamId: input.userGroup }, tx);
    return getUserContext(deps, ctx.userId, tx);
  });
}

/** PUT /api/auth/locale `{ locale }`: stores the user's interface language; answers the session context. */
export async function setLocale(deps: AppDeps, ctx: RequestContext, input: { locale: Locale }): Promise<SessionContext> {
  return deps.db.transaction(async (tx) => {
    await setUserLocale(deps, { userId: ctx.userId, locale: input.locale }, tx);
    return getUserContext(deps, ctx.userId, tx);
  });
}

/** PUT /api/auth/status `{ status }`: stores the user's presence. */
export async function setStatus(deps: AppDeps, ctx: RequestContext, input: { status: PresenceStatus }): Promise<{ status: PresenceStatus }> {
  await deps.db.transaction((tx) => setUserStatus(deps, { userId: ctx.userId, status: input.status }, tx));
  return { status: input.status };
}

/**
 * Verifies an access token (HTTP bearer or Socket.IO `auth.token`) and returns the request
 * context of its session: live (not revoked, used within 12 h; `last_seen_at` bumped at most
 * once a minute), with the user's current role and team.
 * @throws AppError `unauthorized` (bad/expired token) or `session-expired` (revoked or idle session).
 */
export async function verifyAccessToken(deps: Pick<AppDeps, 'db' | 'config'>, token: string): Promise<RequestContext> {
  const claims = await readAccessToken(jwtSecret(deps), token);
  const now = new Date();
  // The token is verified: its organisation scopes the session's lookup (row-level security).
  const session = await withOrganization(claims.org, async () => {
    const found = await findSessionAccess(deps.db, claims);
    if (!found || !isSessionLive(found, now)) throw sessionExpired();
    await touchSession(deps.db, found, now);
    return found;
  });
  return { organizationId: claims.org, userId: claims.sub, sessionId: session.id, role: roleOf(session.role), teamId: session.currentTeamId };
}
