import { and, eq, gt, isNull } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import type { DbOrTx } from '../../db/client';
import { invitationCodes } from '../../db/schema/invitation-codes';
import { hashInvitationCode } from './invitation-code-secret';
import { invitationCodeInvalid } from './onboarding.policy';

/**
 * The id of the open code (unused, not expired) that `code` is, locked for update when `lock`.
 * @throws AppError `invitation-code-invalid` (400) otherwise.
 */
export async function findOpenInvitationCode(
  tx: DbOrTx,
  code: string,
  now: Date,
  lock = false,
): Promise<string> {
  const query = tx
    .select({ id: invitationCodes.id })
    .from(invitationCodes)
    .where(
      and(
        eq(invitationCodes.codeHash, hashInvitationCode(code)),
        isNull(invitationCodes.usedAt),
        gt(invitationCodes.expiresAt, now),
      ),
    );
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw invitationCodeInvalid();
  return row.id;
}

/**
 * POST /api/onboarding/invitation-codes/check: whether `code` would be accepted now (the wizard
 * checks it at its first step). Rate-limited per address like the sign-in.
 * @throws AppError `invitation-code-invalid` (400) for an unknown, used, revoked or expired code.
 */
export async function checkInvitationCode(
  deps: Pick<AppDeps, 'db'>,
  code: string,
  now = new Date(),
): Promise<{ valid: true }> {
  await findOpenInvitationCode(deps.db, code, now);
  return { valid: true };
}
