import type { AccountInvitationMailProps } from './templates/account-invitation-mail';
import type { PasswordResetMailProps } from './templates/password-reset-mail';
import type { SecureFileMailProps } from './templates/secure-file-mail';
import type { SignInFailuresMailProps } from './templates/sign-in-failures-mail';
import type { SupportRequestMailProps } from './templates/support-request-mail';
import type { WeeklyStatisticsMailProps } from './templates/weekly-statistics-mail';

/**
 * Every mail the app sends, by kind, with what its template needs (the words come from the
 * recipient's language): `password-reset`, `account-invitation`, `sign-in-failures`,
 * `support-request`, `weekly-statistics`, `secure-file` (to a contact: docs/behaviour/secure-files.md).
 */
export type MailContent =
  | ({ kind: 'password-reset' } & PasswordResetMailProps)
  | ({ kind: 'account-invitation' } & AccountInvitationMailProps)
  | ({ kind: 'sign-in-failures' } & SignInFailuresMailProps)
  | ({ kind: 'support-request' } & SupportRequestMailProps)
  | ({ kind: 'weekly-statistics' } & WeeklyStatisticsMailProps)
  | ({ kind: 'secure-file' } & { secureFile: SecureFileMailProps });
