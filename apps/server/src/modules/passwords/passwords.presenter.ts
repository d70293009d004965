import type { Locale, PasswordTokenInfo } from '@accueil/domain';
import type { PasswordTokenRow } from './password-token';

/** A usable link and its account → what the set-password page is told about it. */
export function presentPasswordToken(
  row: PasswordTokenRow,
  account: { username: string; locale: Locale },
): PasswordTokenInfo {
  return {
    purpose: row.purpose === 'invitation' ? 'invitation' : 'reset',
    username: account.username,
    locale: account.locale,
    expiresAt: row.expiresAt.toISOString(),
  };
}
