import type { AppDeps } from '../../app-deps';
import type { DbOrTx } from '../../db/client';
import { rooms } from '../../realtime/publisher';
import { publishSafely } from '../../realtime/publish-safely';
import { revokeUserSessions } from './session-store';

/** Why an administrator ended a user's sessions (the `reason` of `session:revoked`). */
export type SessionEndReason = 'forced-disconnect' | 'disabled';

/**
 * Revokes every open session of `userId` inside `tx` (refresh tokens refused from now on, and
 * every request of those sessions answers 401 `session-expired`: each request re-reads its
 * session). Returns the revoked session ids; announce them with `announceEndedSessions` after
 * the transaction commits.
 */
export function endUserSessions(tx: DbOrTx, input: { userId: string; now?: Date }): Promise<string[]> {
  return revokeUserSessions(tx, input.userId, input.now ?? new Date());
}

/**
 * Announces ended sessions: `session:revoked { sessionId, reason }` to the user's room, which
 * also closes those sessions' sockets on every server process (within a second), and the web
 * app shows its forced-disconnect dialog. Call after the revoking transaction committed.
 */
export function announceEndedSessions(
  deps: Pick<AppDeps, 'realtime' | 'log'>,
  input: { userId: string; sessionIds: readonly string[]; reason: SessionEndReason },
): void {
  for (const sessionId of input.sessionIds) {
    publishSafely(deps, () =>
      deps.realtime.publish(rooms.user(input.userId), 'session:revoked', { sessionId, reason: input.reason }),
    );
  }
}
