import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from '../constants';

/** The password rules, each with its own message key (the same keys as the web's validator messages). */
export type PasswordIssue = 'password-length' | 'lowercase' | 'uppercase' | 'digit' | 'special-character';

/**
 * Returns every rule the password breaks, in a fixed order (empty when it is acceptable):
 * at least `PASSWORD_MIN_LENGTH` (8) characters, one lowercase, one uppercase, one digit,
 * one character that is none of these.
 */
export function passwordIssues(password: string): PasswordIssue[] {
  const issues: PasswordIssue[] = [];
  if (password.length < PASSWORD_MIN_LENGTH) issues.push('password-length');
  if (!/[a-z]/.test(password)) issues.push('lowercase');
  if (!/[A-Z]/.test(password)) issues.push('uppercase');
  if (!/\d/.test(password)) issues.push('digit');
  if (!/[^A-Za-z0-9]/.test(password)) issues.push('special-character');
  return issues;
}

/**
 * A password someone chooses (a new account, a reset, a change; the demo seed and test
 * factories too): one zod issue per broken rule, its `message` the `PasswordIssue` key, so a
 * form shows each rule's own text. Signing in does not use it (old passwords still sign in).
 */
export const newPasswordSchema = z.string().superRefine((password, ctx) => {
  for (const issue of passwordIssues(password)) ctx.addIssue({ code: 'custom', message: issue });
});
