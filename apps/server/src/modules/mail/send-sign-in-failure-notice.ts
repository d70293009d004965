import type { AppDeps } from '../../app-deps';
import { appBaseUrl } from '../../config';
import { getOrganization } from '../organizations/index';
import { getMailRecipient } from '../users/index';
import { sendMail } from './send-mail';

/**
 * Mails a user that sign-ins to their account failed repeatedly: how many (`failures`), when the
 * last one was (`lastAttemptAt`, shown in the recipient's language and their organisation's time
 * zone), from which address when known, and a link to the "password forgotten" page. The
 * caller (the sign-in throttle) decides when a notice is due and how often.
 * Returns false, sending nothing, when the user no longer exists.
 * @throws AppError `mail-unavailable` (502) when the carrier refuses the mail.
 */
export async function sendSignInFailureNotice(
  deps: Pick<AppDeps, 'db' | 'email' | 'config' | 'log'>,
  input: { userId: string; failures: number; lastAttemptAt: Date; sourceAddress?: string | null },
): Promise<boolean> {
  const user = await getMailRecipient(deps, input.userId);
  if (!user) return false;
  const organization = await getOrganization(deps, user.organizationId);
  const lastAttempt = new Intl.DateTimeFormat(user.locale, {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: organization?.timeZone ?? 'America/Toronto',
  }).format(input.lastAttemptAt);
  await sendMail(deps, {
    to: user.email,
    locale: user.locale,
    content: {
      kind: 'sign-in-failures',
      firstName: user.firstName,
      username: user.username,
      failures: input.failures,
      lastAttempt,
      sourceAddress: input.sourceAddress ?? null,
      forgotLink: `${appBaseUrl(deps.config)}/password-forgot`,
    },
  });
  return true;
}
