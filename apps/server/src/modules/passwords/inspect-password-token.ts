import { AppError, type PasswordTokenInfo } from '@accueil/domain';
import type { AppDeps } from '../../app-deps';
import { getMailRecipient } from '../users/index';
import { findUsablePasswordToken } from './password-token';
import { presentPasswordToken } from './passwords.presenter';

/**
 * POST /api/auth/password/token `{ token }`: what a set-password link is for while it works
 * (reset or invitation), the account's username and language, and its expiry. Uses nothing up.
 * @throws AppError `reset-link-invalid` (400: unknown, used, or its account is gone) or `reset-link-expired` (410).
 */
export async function inspectPasswordToken(
  deps: Pick<AppDeps, 'db'>,
  input: { token: string },
  now = new Date(),
): Promise<PasswordTokenInfo> {
  const row = await findUsablePasswordToken(deps.db, input.token, now);
  const account = await getMailRecipient(deps, row.userId);
  if (!account) throw new AppError('reset-link-invalid', 'This link is not valid or was already used');
  return presentPasswordToken(row, account);
}
