import { PASSWORD_MIN_LENGTH } from '../constants';

/** §5 The password rules, each with its own message key. */
export type PasswordIssue = 'password-length' | 'lowercase' | 'uppercase' | 'digit' | 'special-character';

/** §5 Returns every rule the password breaks (empty when it is acceptable). */
export function passwordIssues(password: string): PasswordIssue[] {
  const issues: PasswordIssue[] = [];
  if (password.length < PASSWORD_MIN_LENGTH) issues.push('password-length');
  if (!/[a-z]/.test(password)) issues.push('lowercase');
  if (!/[A-Z]/.test(password)) issues.push('uppercase');
  if (!/\d/.test(password)) issues.push('digit');
  if (!/[^A-Za-z0-9]/.test(password)) issues.push('special-character');
  return issues;
}
