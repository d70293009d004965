import {
  AppError,
  REFRESH_REUSE_GRACE_MS,
  sessionEndReasonSchema,
  type Locale,
  type PresenceStatus,
  type SessionContext,
  type SessionEndReason,
} from '@accueil/domain';
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { refreshTokens, sessions } from '../../db/schema/sessions';
import { withOrganization, withSystemAccess } from '../../db/tenant-scope';
import type { RequestContext } from '../../http/request-context';
import { rooms } from '../../realtime/publisher';
import { recordEvent } from '../../events/record-event';
import { transactionWithEvents } from '../../events/transaction-with-events';
import { isTeamMember } from '../teams/index';
import { getUserContext, roleOf, setCurrentTeam, setUserLocale, setUserStatus } from '../users/index';
import { readAccessToken, signAccessToken } from './access-token';
import { impersonationOf, readImpersonatorName } from './impersonation-of';
import { hashRefreshToken } from './refresh-token';
import {
  findSessionAccess,
  isSessionLive,
  revokeSession,
  revokeUserSessions,
  rotateRefreshToken,
  touchSession,
} from './session-store';

export { hashPassword } from './password';

/** `reason` (in `details`) tells the user why, when there is one worth telling (SESSION_END_REASONS). */
const sessionExpired = (reason?: SessionEndReason) =>
  new AppError('session-expired', 'Your session has expired', reason ? { reason } : undefined);

function jwtSecret(deps: Pick<AppDeps, 'config'>): string {
  if (!deps.config.JWT_SECRET) throw new Error('JWT_SECRET is not resolved (buildApp sets it)');
  return deps.config.JWT_SECRET;
}

type RefreshOutcome =
  | { kind: 'ok'; jwt: string; refreshToken: string }
  | { kind: 'refused'; revoked: { userId: string; sessionId: string } | null; reason?: SessionEndReason };

/**
 * POST /api/auth/refresh: exchanges a refresh token for a new access token and the next
 * refresh token (rotation). A token used more than REFRESH_REUSE_GRACE_MS ago revokes its whole
 * session (family); within that window it is another tab of the same browser refreshing at the
 * same moment and gets a fresh token. An idle (12 h) or revoked session is refused.
 * @throws AppError `session-expired` (401) whenever it is refused.
 */
export async function refreshSession(
  deps: AppDeps,
  refreshToken: string | undefined,
): Promise<{ jwt: string; refreshToken: string }> {
  if (!refreshToken) throw sessionExpired();
  const hash = hashRefreshToken(refreshToken);
  const now = new Date();
  // The refresh cookie names no organisation: its token is found across organisations.
  const outcome = await withSystemAccess('token-refresh', () =>
    deps.db.transaction(async (tx): Promise<RefreshOutcome> => {
      const [row] = await tx
        .select({ usedAt: refreshTokens.usedAt, session: sessions })
        .from(refreshTokens)
        .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
        .where(eq(refreshTokens.tokenHash, hash))
        .for('update');
      if (!row) return { kind: 'refused', revoked: null };
      if (row.session.revokedAt)
        return {
          kind: 'refused',
          revoked: null,
          reason: sessionEndReasonSchema
            .optional()
            .catch(undefined)
            .parse(row.session.revokedReason ?? undefined),
        };
      const { session } = row;
      const reusedLate = row.usedAt !== null && now.getTime() - row.usedAt.getTime() > REFRESH_REUSE_GRACE_MS;
      if (reusedLate || !isSessionLive(session, now)) {
        const revoked = await revokeSession(tx, session.id, now);
        return {
          kind: 'refused',
          revoked: revoked.length ? { userId: session.userId, sessionId: session.id } : null,
        };
      }
      // Within the grace window a used token is another tab's concurrent refresh: the first use
      // time is kept, so the window does not slide.
      const next = await rotateRefreshToken(tx, {
        organizationId: session.organizationId,
        sessionId: session.id,
        usedHash: row.usedAt ? null : hash,
        now,
      });
      const jwt = await signAccessToken(jwtSecret(deps), {
        sub: session.userId,
        sid: session.id,
        org: session.organizationId,
      });
      return { kind: 'ok', jwt, refreshToken: next };
    }),
  );
  if (outcome.kind === 'ok') return { jwt: outcome.jwt, refreshToken: outcome.refreshToken };
  if (outcome.revoked)
    deps.realtime.publish(rooms.user(outcome.revoked.userId), 'session:revoked', {
      sessionId: outcome.revoked.sessionId,
    });
  throw sessionExpired(outcome.reason);
}

/**
 * POST /api/auth/logout `{ revokeAll }`: ends this session, or every session of the user.
 * Each revoked session is announced (`session:revoked` to `user:<id>`) so its tabs sign out.
 * Signing out of every device records the domain event `user.signed-out-everywhere` in the same
 * transaction (audited `session.signed-out-everywhere`).
 */
export async function logout(
  deps: AppDeps,
  ctx: RequestContext,
  input: { revokeAll: boolean },
): Promise<void> {
  const now = new Date();
  const revoked = await transactionWithEvents(deps, async (tx) => {
    if (!input.revokeAll) return revokeSession(tx, ctx.sessionId, now);
    const ended = await revokeUserSessions(tx, ctx.userId, now);
    await recordEvent(tx, {
      name: 'user.signed-out-everywhere',
      organizationId: ctx.organizationId,
      actorUserId: ctx.userId,
      payload: { userId: ctx.userId, sessionsEnded: ended.length },
      occurredAt: now,
    });
    return ended;
  });
  for (const sessionId of revoked)
    deps.realtime.publish(rooms.user(ctx.userId), 'session:revoked', { sessionId });
}

/** GET /api/auth/profile: the session context (login answer without the token), with the impersonation when it is one. */
export async function getProfile(deps: AppDeps, ctx: RequestContext): Promise<SessionContext> {
  const impersonatorName = ctx.impersonatorId ? await readImpersonatorName(deps, ctx.impersonatorId) : '';
  return deps.db.transaction(async (tx) => ({
    ...(await getUserContext(deps, ctx.userId, tx)),
    impersonation: await impersonationOf(tx, ctx, impersonatorName),
  }));
}

/**
 * PUT /api/auth/user-group (the body's `userGroup` is `teamId`): switches the current team.
 * @throws AppError `not-found` when the team is not one of the user's teams (or another organisation's).
 */
export async function switchTeam(
  deps: AppDeps,
  ctx: RequestContext,
  input: { teamId: string },
): Promise<SessionContext> {
  return deps.db.transaction(async (tx) => {
    const member = await isTeamMember(
      deps,
      { organizationId: ctx.organizationId, teamId: input.teamId, userId: ctx.userId },
      tx,
    );
    if (!member) throw new AppError('not-found', 'Team not found');
    await setCurrentTeam(deps, { userId: ctx.userId, teamId: input.teamId }, tx);
    return getUserContext(deps, ctx.userId, tx);
  });
}

/** PUT /api/auth/locale `{ locale }`: stores the user's interface language; answers the session context. */
export async function setLocale(
  deps: AppDeps,
  ctx: RequestContext,
  input: { locale: Locale },
): Promise<SessionContext> {
  return deps.db.transaction(async (tx) => {
    await setUserLocale(deps, { userId: ctx.userId, locale: input.locale }, tx);
    return getUserContext(deps, ctx.userId, tx);
  });
}

/**
 * PUT /api/auth/status `{ status }`: the presence the user chose (away, busy, back online), kept
 * while one of their browsers stays connected (docs/behaviour/realtime.md, "Presence"); announced
 * to the organisation (`presence:updated`).
 */
export async function setStatus(
  deps: AppDeps,
  ctx: RequestContext,
  input: { status: PresenceStatus },
): Promise<{ status: PresenceStatus }> {
  await deps.db.transaction((tx) => setUserStatus(deps, { userId: ctx.userId, status: input.status }, tx));
  deps.realtime.publish(rooms.org(ctx.organizationId), 'presence:updated', {
    userId: ctx.userId,
    status: input.status,
  });
  return { status: input.status };
}

/**
 * Verifies an access token (HTTP bearer or Socket.IO `auth.token`) and returns the request
 * context of its session: live (not revoked, used within 12 h; `last_seen_at` bumped at most
 * once a minute), with the user's current role and team.
 * @throws AppError `unauthorized` (bad/expired token) or `session-expired` (revoked or idle session).
 */
export async function verifyAccessToken(
  deps: Pick<AppDeps, 'db' | 'config'>,
  token: string,
): Promise<RequestContext> {
  const claims = await readAccessToken(jwtSecret(deps), token);
  const now = new Date();
  // The token is verified: its organisation scopes the session's lookup (row-level security).
  const session = await withOrganization(claims.org, async () => {
    const found = await findSessionAccess(deps.db, claims);
    if (!found || !isSessionLive(found, now)) throw sessionExpired();
    await touchSession(deps.db, found, now);
    return found;
  });
  return {
    organizationId: claims.org,
    userId: claims.sub,
    sessionId: session.id,
    role: roleOf(session.role),
    teamId: session.currentTeamId,
    impersonatorId: session.impersonatorUserId,
  };
}
