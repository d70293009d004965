import { SESSION_IDLE_TIMEOUT_MS } from '@accueil/domain';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database, DbOrTx } from '../../db/client';
import { executePrepared } from '../../db/prepared';
import { refreshTokens, sessions } from '../../db/schema/sessions';
import { newRefreshToken } from './refresh-token';

/** `last_seen_at` is written at most this often, not on every request. */
export const LAST_SEEN_WRITE_INTERVAL_MS = 60_000;

export type SessionRow = typeof sessions.$inferSelect;

/** What a request's authentication needs of its session and its user (see `findSessionAccess`). */
export type SessionAccess = {
  id: string;
  revokedAt: Date | null;
  lastSeenAt: Date;
  role: string;
  currentTeamId: string | null;
  /** The devops user acting through this session (an impersonation), else null. */
  impersonatorUserId: string | null;
  /** When an impersonation session ends regardless of activity, else null. */
  expiresAt: Date | null;
};

/**
 * The session `claims.sid` of user `claims.sub` in organisation `claims.org`, with that user's
 * role and current team, or null when either is gone. Every authenticated request and socket
 * runs it, so it is ONE named prepared statement (one round trip, planned once per connection)
 * instead of a Drizzle-built query on sessions and another through users.service — the users
 * table is read directly here, against the rule that a module goes through the other's service,
 * for the same reason as the inbound statement (docs/benchmarks.md, "Reads"). The role is
 * returned as stored: read it with users.service `roleOf`.
 * Timestamps travel as epoch milliseconds (float8): both drivers give numbers.
 */
export async function findSessionAccess(
  db: Database,
  claims: { sid: string; sub: string; org: string },
): Promise<SessionAccess | null> {
  const [row] = (await executePrepared(
    db,
    'accueil_session_access_v2',
    sql`SELECT s.id, (extract(epoch FROM s.revoked_at) * 1000)::float8 AS revoked_ms,
        (extract(epoch FROM s.last_seen_at) * 1000)::float8 AS last_seen_ms, u.role, u.current_team_id,
        s.impersonator_user_id, (extract(epoch FROM s.expires_at) * 1000)::float8 AS expires_ms
      FROM sessions s JOIN users u ON u.id = s.user_id AND u.organization_id = s.organization_id
      WHERE s.id = ${claims.sid}::uuid AND s.user_id = ${claims.sub}::uuid AND s.organization_id = ${claims.org}::uuid
      LIMIT 1`,
  )) as {
    id: string;
    revoked_ms: number | null;
    last_seen_ms: number;
    role: string;
    current_team_id: string | null;
    impersonator_user_id: string | null;
    expires_ms: number | null;
  }[];
  if (!row) return null;
  return {
    id: row.id,
    revokedAt: row.revoked_ms === null ? null : new Date(row.revoked_ms),
    lastSeenAt: new Date(row.last_seen_ms),
    role: row.role,
    currentTeamId: row.current_team_id,
    impersonatorUserId: row.impersonator_user_id,
    expiresAt: row.expires_ms === null ? null : new Date(row.expires_ms),
  };
}

/**
 * Which of `sessionIds` are live at `now` ({@link isSessionLive}): the push module sends only to
 * browsers whose session still holds (docs/behaviour/notifications.md, "Web Push"). Reads in
 * the caller's tenant scope; an unknown id is not live.
 */
export async function liveSessionIds(
  db: DbOrTx,
  sessionIds: readonly string[],
  now: Date,
): Promise<Set<string>> {
  if (sessionIds.length === 0) return new Set();
  const rows = await db
    .select({
      id: sessions.id,
      revokedAt: sessions.revokedAt,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .where(inArray(sessions.id, [...sessionIds]));
  return new Set(rows.filter((row) => isSessionLive(row, now)).map((row) => row.id));
}

/**
 * True when the session is neither revoked, nor idle for `SESSION_IDLE_TIMEOUT_MS` (12 h), nor
 * past its `expiresAt` (impersonation sessions have one).
 */
export function isSessionLive(
  session: Pick<SessionRow, 'revokedAt' | 'lastSeenAt'> & { expiresAt?: Date | null },
  now: Date,
): boolean {
  if (session.expiresAt && now.getTime() >= session.expiresAt.getTime()) return false;
  return session.revokedAt === null && now.getTime() - session.lastSeenAt.getTime() < SESSION_IDLE_TIMEOUT_MS;
}

/**
 * Opens a session with its first refresh token; returns the session id and the token (plain).
 * An impersonation session names its devops user (`impersonatorUserId`) and its end (`expiresAt`).
 */
export async function openSession(
  tx: DbOrTx,
  input: {
    organizationId: string;
    userId: string;
    userAgent: string | null;
    now: Date;
    impersonatorUserId?: string | null;
    expiresAt?: Date | null;
  },
): Promise<{ sessionId: string; refreshToken: string }> {
  const [session] = await tx
    .insert(sessions)
    .values({
      organizationId: input.organizationId,
      userId: input.userId,
      userAgent: input.userAgent,
      createdAt: input.now,
      lastSeenAt: input.now,
      impersonatorUserId: input.impersonatorUserId ?? null,
      expiresAt: input.expiresAt ?? null,
    })
    .returning({ id: sessions.id });
  const refresh = newRefreshToken();
  await tx.insert(refreshTokens).values({
    tokenHash: refresh.hash,
    organizationId: input.organizationId,
    sessionId: session!.id,
    createdAt: input.now,
  });
  return { sessionId: session!.id, refreshToken: refresh.token };
}

/**
 * Marks `usedHash` used (unless null: a token already used within the reuse grace keeps its
 * first use time) and issues the session's next refresh token; bumps `last_seen_at`.
 */
export async function rotateRefreshToken(
  tx: DbOrTx,
  input: { organizationId: string; sessionId: string; usedHash: string | null; now: Date },
): Promise<string> {
  // Stryker disable next-line ConditionalExpression: with no hash the update matches no row (tokenHash = NULL is never true).
  if (input.usedHash)
    await tx
      .update(refreshTokens)
      .set({ usedAt: input.now })
      .where(eq(refreshTokens.tokenHash, input.usedHash));
  const next = newRefreshToken();
  await tx.insert(refreshTokens).values({
    tokenHash: next.hash,
    organizationId: input.organizationId,
    sessionId: input.sessionId,
    createdAt: input.now,
  });
  await tx.update(sessions).set({ lastSeenAt: input.now }).where(eq(sessions.id, input.sessionId));
  return next.token;
}

/** Revokes one session (if still open). Returns the ids actually revoked. */
export async function revokeSession(tx: DbOrTx, sessionId: string, now: Date): Promise<string[]> {
  const rows = await tx
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return rows.map((r) => r.id);
}

/** Revokes every open session of a user. Returns the ids revoked. */
export async function revokeUserSessions(tx: DbOrTx, userId: string, now: Date): Promise<string[]> {
  const rows = await tx
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return rows.map((r) => r.id);
}

/** Bumps `last_seen_at` when it is older than `LAST_SEEN_WRITE_INTERVAL_MS`. */
export async function touchSession(
  tx: DbOrTx,
  session: Pick<SessionRow, 'id' | 'lastSeenAt'>,
  now: Date,
): Promise<void> {
  if (now.getTime() - session.lastSeenAt.getTime() < LAST_SEEN_WRITE_INTERVAL_MS) return;
  await tx.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, session.id));
}
