import { AppError, LOGIN_FAILURE_WINDOW_MS, LOGIN_MAX_FAILURES } from '@accueil/domain';
import { and, desc, eq, gt, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { loginFailures } from '../../db/schema/sessions';

/**
 * Sign-in throttling (docs/behaviour/sessions.md): after `LOGIN_MAX_FAILURES` failed sign-ins for a username within
 * `LOGIN_FAILURE_WINDOW_MS`, further attempts answer 429 `too-many-attempts` until the oldest
 * of those failures leaves the window. Kept in the database so it holds across processes.
 * @throws AppError `too-many-attempts` with `retryAfterS` (seconds).
 */
export async function assertLoginAllowed(db: DbOrTx, username: string, now: Date): Promise<void> {
  const since = new Date(now.getTime() - LOGIN_FAILURE_WINDOW_MS);
  const recent = await db
    .select({ createdAt: loginFailures.createdAt })
    .from(loginFailures)
    .where(and(eq(loginFailures.username, username.toLowerCase()), gt(loginFailures.createdAt, since)))
    .orderBy(desc(loginFailures.createdAt))
    .limit(LOGIN_MAX_FAILURES);
  if (recent.length < LOGIN_MAX_FAILURES) return;
  const oldest = recent[recent.length - 1]!.createdAt;
  const retryAfterS = Math.max(1, Math.ceil((oldest.getTime() + LOGIN_FAILURE_WINDOW_MS - now.getTime()) / 1000));
  throw new AppError('too-many-attempts', 'Too many attempts.', undefined, retryAfterS);
}

/** Records a failed sign-in and forgets this username's failures that left the window. */
export async function recordLoginFailure(db: DbOrTx, username: string, now: Date): Promise<void> {
  const key = username.toLowerCase();
  await db.insert(loginFailures).values({ username: key, createdAt: now });
  const before = new Date(now.getTime() - LOGIN_FAILURE_WINDOW_MS);
  await db.delete(loginFailures).where(and(eq(loginFailures.username, key), lt(loginFailures.createdAt, before)));
}

/** A successful sign-in clears the username's failures. */
export async function clearLoginFailures(db: DbOrTx, username: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.username, username.toLowerCase()));
}
