import { ACCOUNT_INVITATION_LINK_TTL_MS } from '@accueil/domain';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { appBaseUrl } from '../../config';
import { passwordTokens } from '../../db/schema/passwords';
import type { RequestContext } from '../../http/request-context';
import { sendMail } from '../mail/index';
import { getOrganization } from '../organizations/index';
import { getMailRecipient } from '../users/index';
import { issuePasswordToken } from './password-token';
import { passwordLink } from './password-link';
import { authorizeInvitation } from './passwords.policy';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Mails the user `userId` an invitation to their account: who invites them (the signed-in
 * administrator of `ctx`), the organisation, their username, and a link to choose their first
 * password that works once within 7 days (`ACCOUNT_INVITATION_LINK_TTL_MS`; the set-password
 * page and rules are the reset's). A new invitation replaces the user's earlier ones (their
 * links stop working). The mail is sent before this returns.
 * Returns when the link stops working.
 * @throws AppError `not-found` (404: no such user, or another organisation's), `forbidden`
 *   (403: the actor is not an administrator), `mail-unavailable` (502: the carrier refused
 *   the mail; the link was stored but nobody received it — invite again).
 */
export async function sendAccountInvitation(
  deps: AppDeps,
  ctx: RequestContext,
  input: { userId: string },
  now = new Date(),
): Promise<{ expiresAt: string }> {
  const user = authorizeInvitation(ctx, await getMailRecipient(deps, input.userId));
  const [inviter, organization] = [
    await getMailRecipient(deps, ctx.userId),
    await getOrganization(deps, ctx.organizationId),
  ];
  const issued = await deps.db.transaction(async (tx) => {
    // Earlier invitations of this user end now: only the newest mail's link works.
    await tx
      .update(passwordTokens)
      .set({ expiresAt: now })
      .where(
        and(
          eq(passwordTokens.userId, user.id),
          eq(passwordTokens.purpose, 'invitation'),
          isNull(passwordTokens.usedAt),
          gt(passwordTokens.expiresAt, now),
        ),
      );
    return issuePasswordToken(tx, {
      organizationId: user.organizationId,
      userId: user.id,
      purpose: 'invitation',
      ttlMs: ACCOUNT_INVITATION_LINK_TTL_MS,
      createdBy: ctx.userId,
      now,
    });
  });
  await sendMail(deps, {
    to: user.email,
    locale: user.locale,
    content: {
      kind: 'account-invitation',
      firstName: user.firstName,
      username: user.username,
      inviter: inviter ? `${inviter.firstName} ${inviter.lastName}`.trim() : (organization?.name ?? ''),
      organization: organization?.name ?? '',
      link: passwordLink(appBaseUrl(deps.config), issued.token),
      validForDays: ACCOUNT_INVITATION_LINK_TTL_MS / DAY_MS,
    },
  });
  return { expiresAt: issued.expiresAt.toISOString() };
}
