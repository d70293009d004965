import { PASSWORD_RESET_LINK_TTL_MS } from '@accueil/domain';
import { and, count, eq, gt } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { appBaseUrl } from '../../config';
import { passwordTokens } from '../../db/schema/passwords';
import { sendMail } from '../mail/index';
import { findUsersByLogin, type MailRecipient } from '../users/index';
import { issuePasswordToken } from './password-token';
import { passwordLink } from './password-link';

/** Reset mails one account receives per hour at most; further requests send nothing (and answer the same). */
export const PASSWORD_RESET_MAILS_PER_HOUR = 3;
const HOUR_MS = 60 * 60 * 1000;

/**
 * POST /api/auth/password/forgot `{ login }`: for each account whose username or e-mail is
 * `login` (without case), stores a reset link (60 minutes, single use; only its hash is kept)
 * and mails it in the account's language — unless that account already received
 * `PASSWORD_RESET_MAILS_PER_HOUR` within the hour (no mail bombing through this form).
 * The caller's answer must not tell whether an account matched: the mails are sent after it
 * returns (`delivered` settles when they were handed to the carrier, or failed and were logged;
 * it never rejects), so an account's existence costs no carrier time in the answer.
 */
export async function requestPasswordReset(
  deps: AppDeps,
  input: { login: string },
  now = new Date(),
): Promise<{ delivered: Promise<void> }> {
  const accounts = await findUsersByLogin(deps, input.login);
  const mails: { account: MailRecipient; token: string }[] = [];
  for (const account of accounts) {
    const issued = await deps.db.transaction(async (tx) => {
      const [recent] = await tx
        .select({ n: count() })
        .from(passwordTokens)
        .where(
          and(
            eq(passwordTokens.userId, account.id),
            eq(passwordTokens.purpose, 'reset'),
            gt(passwordTokens.createdAt, new Date(now.getTime() - HOUR_MS)),
          ),
        );
      if ((recent?.n ?? 0) >= PASSWORD_RESET_MAILS_PER_HOUR) return null;
      return issuePasswordToken(tx, {
        organizationId: account.organizationId,
        userId: account.id,
        purpose: 'reset',
        ttlMs: PASSWORD_RESET_LINK_TTL_MS,
        createdBy: null,
        now,
      });
    });
    if (issued) mails.push({ account, token: issued.token });
    else deps.log.info({ userId: account.id }, 'password reset: hourly mail limit reached, no mail sent');
  }
  const delivered = Promise.all(
    mails.map(({ account, token }) =>
      sendMail(deps, {
        to: account.email,
        locale: account.locale,
        content: {
          kind: 'password-reset',
          firstName: account.firstName,
          username: account.username,
          link: passwordLink(appBaseUrl(deps.config), token),
          validForMinutes: PASSWORD_RESET_LINK_TTL_MS / 60_000,
        },
      }).catch((error: unknown) =>
        deps.log.error({ err: error, userId: account.id }, 'password reset mail failed'),
      ),
    ),
  ).then(() => undefined);
  return { delivered };
}
