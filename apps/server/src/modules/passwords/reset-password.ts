import { AppError } from '@accueil/domain';
import type { AppDeps } from '../../app-deps';
import { rooms } from '../../realtime/publisher';
import { hashPassword, revokeUserSessions } from '../auth/index';
import { getMailRecipient, setUserPasswordHash } from '../users/index';
import { closeUserPasswordTokens, findUsablePasswordToken } from './password-token';

/**
 * POST /api/auth/password/reset `{ token, password, confirmation }` (the schema has checked
 * every password rule and the confirmation): sets the account's password with a link that
 * still works, in one transaction that also closes every other link of the account and ends
 * all its sessions (each announced as `session:revoked` after the commit, so its open tabs
 * sign out). Returns the username to sign in with.
 * @throws AppError `reset-link-invalid` (400) for an unknown or used link (a second submission
 *   of the same link included), `reset-link-expired` (410) past its expiry, `validation-failed`
 *   (400) when the password breaks a rule.
 */
export async function resetPassword(
  deps: AppDeps,
  input: { token: string; password: string },
  now = new Date(),
): Promise<{ username: string }> {
  // argon2 is slow on purpose: hashed before the transaction, which then holds its lock briefly.
  const passwordHash = await hashPassword(input.password);
  const done = await deps.db.transaction(async (tx) => {
    const row = await findUsablePasswordToken(tx, input.token, now, { forUpdate: true });
    const account = await getMailRecipient(deps, row.userId, tx);
    if (!account) throw new AppError('reset-link-invalid', 'This link is not valid or was already used');
    await setUserPasswordHash(deps, { userId: account.id, passwordHash }, tx);
    await closeUserPasswordTokens(tx, account.id, now);
    const revoked = await revokeUserSessions(tx, account.id, now);
    return { account, revoked };
  });
  for (const sessionId of done.revoked)
    deps.realtime.publish(rooms.user(done.account.id), 'session:revoked', { sessionId });
  deps.log.info({ userId: done.account.id, sessionsEnded: done.revoked.length }, 'password set with a link');
  return { username: done.account.username };
}
