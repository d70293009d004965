import type { MailboxOAuthProvider } from '@accueil/domain';
import { and, eq } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import type { RequestContext } from '../../http/request-context';
import { teamMailboxes } from '../../db/schema/email';
import { authorizeMailboxManagement } from './email.policy';
import { grantProviderOf, oauthMailProviders } from './mailbox-carriers';
import { openGrant } from './mailbox-grant';
import { findTeamMailbox, type MailboxRow } from './mailboxes';
import { announceMailboxStatus } from './mailbox-status';
import { teamOfInboxEmail } from './start-mailbox-oauth';

/**
 * `POST /api/oauth2/:provider/logout` (spec §7): disconnects the team's mailbox whose grant is
 * this provider's (an IMAP mailbox signed in with XOAUTH2 for `imap`)
 * — the grant is revoked at the provider when it can be (a failure there is logged: the mailbox
 * is disconnected here anyway) and the row deleted; the mails stay in the conversations. The
 * spec's web app does not show the answer; a team without such a mailbox answers the same 204.
 * @throws AppError 'forbidden' (not an administrator), 'not-found' (no team has this e-mail).
 */
export async function mailboxOAuthLogout(
  deps: AppDeps,
  ctx: RequestContext,
  input: { provider: MailboxOAuthProvider; inboxEmail: string },
): Promise<void> {
  authorizeMailboxManagement(ctx);
  const team = await teamOfInboxEmail(deps, ctx, input.inboxEmail);
  const mailbox = await findTeamMailbox(deps.db, ctx.organizationId, team.id);
  if (!mailbox || grantProviderOf(mailbox) !== input.provider) return;
  await revokeMailboxGrant(deps, mailbox);
  await deps.db
    .delete(teamMailboxes)
    .where(and(eq(teamMailboxes.id, mailbox.id), eq(teamMailboxes.organizationId, ctx.organizationId)));
  await announceMailboxStatus(deps, ctx.organizationId, team.id);
}

/**
 * Revokes at its provider the OAuth 2 grant a mailbox row holds (Gmail's, Outlook's, or an IMAP
 * mailbox's XOAUTH2 grant), before the row is deleted: a disconnected mailbox leaves no refresh
 * token valid behind it. Nothing for a password mailbox or the sandbox; a provider that fails or
 * is no longer configured is logged, not thrown: the mailbox is disconnected here anyway.
 */
export async function revokeMailboxGrant(deps: AppDeps, mailbox: MailboxRow): Promise<void> {
  const grantProvider = grantProviderOf(mailbox);
  if (!grantProvider) return;
  const provider = oauthMailProviders(deps.config)[grantProvider];
  try {
    if (provider) await provider.client.revoke(openGrant(deps, mailbox));
  } catch (error) {
    deps.log.warn({ err: error, teamId: mailbox.teamId }, 'the provider did not revoke the grant');
  }
}
