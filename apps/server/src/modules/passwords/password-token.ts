import { AppError } from '@accueil/domain';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { createHash, randomBytes } from 'node:crypto';
import type { DbOrTx } from '../../db/client';
import { passwordTokens } from '../../db/schema/passwords';

/** What a set-password link is for: a reset the person asked for, or an invitation's first password. */
export type PasswordTokenPurpose = 'reset' | 'invitation';

export type PasswordTokenRow = typeof passwordTokens.$inferSelect;

/** SHA-256 (hex) of a link's secret: the only form of it the database keeps. */
export function hashPasswordToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/**
 * Stores a new set-password link for `userId` that works until `now + ttlMs`, and returns its
 * secret (32 random bytes, base64url; shown once, in the mail) and its expiry.
 */
export async function issuePasswordToken(
  tx: DbOrTx,
  input: {
    organizationId: string;
    userId: string;
    purpose: PasswordTokenPurpose;
    ttlMs: number;
    createdBy: string | null;
    now: Date;
  },
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(input.now.getTime() + input.ttlMs);
  await tx.insert(passwordTokens).values({
    organizationId: input.organizationId,
    userId: input.userId,
    purpose: input.purpose,
    tokenHash: hashPasswordToken(token),
    createdBy: input.createdBy,
    createdAt: input.now,
    expiresAt,
  });
  return { token, expiresAt };
}

/**
 * The stored link of `token` while it works: not used, not expired at `now`. `forUpdate` locks
 * the row (the reset, so that two submissions of one link cannot both set a password).
 * @throws AppError `reset-link-invalid` (400) for an unknown or already used link,
 *   `reset-link-expired` (410) for one past its expiry.
 */
export async function findUsablePasswordToken(
  tx: DbOrTx,
  token: string,
  now: Date,
  options: { forUpdate?: boolean } = {},
): Promise<PasswordTokenRow> {
  const query = tx
    .select()
    .from(passwordTokens)
    .where(eq(passwordTokens.tokenHash, hashPasswordToken(token)))
    .limit(1);
  const [row] = options.forUpdate ? await query.for('update') : await query;
  if (!row || row.usedAt)
    throw new AppError('reset-link-invalid', 'This link is not valid or was already used');
  if (row.expiresAt.getTime() <= now.getTime())
    throw new AppError('reset-link-expired', 'This link has expired');
  return row;
}

/** Marks every link of the user that still works as used at `now` (after a password was set, no older link sets another). */
export async function closeUserPasswordTokens(tx: DbOrTx, userId: string, now: Date): Promise<void> {
  await tx
    .update(passwordTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(passwordTokens.userId, userId),
        isNull(passwordTokens.usedAt),
        gt(passwordTokens.expiresAt, now),
      ),
    );
}
