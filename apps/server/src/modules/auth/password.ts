import { AppError, newPasswordSchema } from '@accueil/domain';
import { hash, verify } from '@node-rs/argon2';

/**
 * Hashes a password someone chooses, with argon2id (the library's default algorithm) at its
 * default cost: 19 MiB, 2 passes. Every stored password comes through here (the demo seed, the
 * test factories, the account and reset forms to come), so the password rules hold for all.
 * @throws AppError `validation-failed` with `details: { field: 'password', issues }` (the
 *   `PasswordIssue` keys) when the password breaks a rule.
 */
export function hashPassword(password: string): Promise<string> {
  const checked = newPasswordSchema.safeParse(password);
  if (!checked.success) {
    const issues = checked.error.issues.map((issue) => issue.message);
    return Promise.reject(
      new AppError('validation-failed', 'The password does not follow the password rules', {
        field: 'password',
        issues,
      }),
    );
  }
  return hash(password);
}

let dummyHash: Promise<string> | null = null;

/**
 * Verifies a password against a stored hash. With no hash (unknown username) it verifies
 * against a dummy hash anyway, so an unknown user costs the same time as a wrong password.
 */
export async function verifyPassword(storedHash: string | null, password: string): Promise<boolean> {
  if (storedHash === null) {
    // Stryker disable next-line StringLiteral: any password makes a dummy hash; only its cost matters.
    dummyHash ??= hash('dummy-password-for-constant-time');
    // Stryker disable next-line ArrowFunction,BooleanLiteral: the result is ignored (the answer is false below), and the dummy hash is always valid.
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(storedHash, password).catch(() => false);
}
