import { SESSION_IDLE_TIMEOUT_MS } from '@accueil/domain';
import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { refreshTokens, sessions } from '../../db/schema/index';
import { newRefreshToken } from './refresh-token';

/** `last_seen_at` is written at most this often, not on every request. */
export const LAST_SEEN_WRITE_INTERVAL_MS = 60_000;

export type SessionRow = typeof sessions.$inferSelect;

/** True when the session is neither revoked nor idle for `SESSION_IDLE_TIMEOUT_MS` (§9, 12 h). */
export function isSessionLive(session: Pick<SessionRow, 'revokedAt' | 'lastSeenAt'>, now: Date): boolean {
  return session.revokedAt === null && now.getTime() - session.lastSeenAt.getTime() < SESSION_IDLE_TIMEOUT_MS;
}

/** Opens a session with its first refresh token; returns the session id and the token (plain). */
export async function openSession(
  tx: DbOrTx,
  input: { organizationId: string; userId: string; userAgent: string | null; now: Date },
): Promise<{ sessionId: string; refreshToken: string }> {
  const [session] = await tx
    .insert(sessions)
    .values({ organizationId: input.organizationId, userId: input.userId, userAgent: input.userAgent, createdAt: input.now, lastSeenAt: input.now })
    .returning({ id: sessions.id });
  const refresh = newRefreshToken();
  await tx.insert(refreshTokens).values({ tokenHash: refresh.hash, sessionId: session!.id, createdAt: input.now });
  return { sessionId: session!.id, refreshToken: refresh.token };
}

/**
 * Marks `usedHash` used (unless null: a token already used within the reuse grace keeps its
 * first use time) and issues the session's next refresh token; bumps `last_seen_at`.
 */
export async function rotateRefreshToken(tx: DbOrTx, input: { sessionId: string; usedHash: string | null; now: Date }): Promise<string> {
  if (input.usedHash) await tx.update(refreshTokens).set({ usedAt: input.now }).where(eq(refreshTokens.tokenHash, input.usedHash));
  const next = newRefreshToken();
  await tx.insert(refreshTokens).values({ tokenHash: next.hash, sessionId: input.sessionId, createdAt: input.now });
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
export async function touchSession(tx: DbOrTx, session: Pick<SessionRow, 'id' | 'lastSeenAt'>, now: Date): Promise<void> {
  if (now.getTime() - session.lastSeenAt.getTime() < LAST_SEEN_WRITE_INTERVAL_MS) return;
  await tx.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, session.id));
}
