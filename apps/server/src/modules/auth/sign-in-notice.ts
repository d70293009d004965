import { LOGIN_FAILURE_WINDOW_MS, LOGIN_MAX_FAILURES } from '@accueil/domain';
import { lt } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { signInNotices } from '../../db/schema/sign-in';

/**
 * After LOGIN_MAX_FAILURES failed sign-ins of an existing user within the window (from any
 * source), the user is told once per window, so a guesser cannot make the product flood
 * their mailbox. Returns true when this failure is the one that warns.
 */
export async function claimFailureNotice(
  deps: Pick<AppDeps, 'db'>,
  input: { username: string; failures: number; now: Date },
): Promise<boolean> {
  if (input.failures < LOGIN_MAX_FAILURES) return false;
  const since = new Date(input.now.getTime() - LOGIN_FAILURE_WINDOW_MS);
  // One statement: two processes counting the same failure cannot both claim the notice.
  const claimed = await deps.db
    .insert(signInNotices)
    .values({ username: input.username, sentAt: input.now })
    .onConflictDoUpdate({
      target: signInNotices.username,
      set: { sentAt: input.now },
      setWhere: lt(signInNotices.sentAt, since),
    })
    .returning({ username: signInNotices.username });
  return claimed.length > 0;
}
