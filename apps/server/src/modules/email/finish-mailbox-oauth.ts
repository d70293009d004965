import type { MailboxOAuthProvider } from '@accueil/domain';
import type { AppDeps } from '../../app-deps';
import { CarrierError, type MailboxAccount } from '../../carriers/email-channel/email-channel-carrier';
import { withOrganization } from '../../db/tenant-scope';
import { findSessionAccess, isSessionLive } from '../auth/index';
import { getTeamEmail } from '../teams/index';
import { roleOf } from '../users/index';
import { authorizeMailboxManagement } from './email.policy';
import { oauthMailProviders } from './mailbox-carriers';
import { sealGrant } from './mailbox-grant';
import { findTeamMailbox } from './mailboxes';
import { openAuthorization } from './oauth-authorization';
import { requestMailboxSync } from './request-mailbox-sync';
import { announceMailboxStatus } from './mailbox-status';
import { saveMailbox } from './save-mailbox';

/**
 * Why a connection failed, shown by `/verification/error/:provider?reason=` (closed set, never
 * the provider's text); `mailbox`: the IMAP or SMTP server refused the XOAUTH2 sign-in with the
 * new token, or could not be reached.
 */
export type OAuthFailure = 'denied' | 'expired' | 'session' | 'mismatch' | 'taken' | 'provider' | 'mailbox';

/** Where the callback sends the popup: the success page, or the provider's error page with the reason. */
export type OAuthOutcome = { ok: true } | { ok: false; reason: OAuthFailure };

/**
 * `GET /api/oauth2/:provider/callback` (docs/behaviour/email.md, "Gmail and Outlook"): the
 * provider's redirect. Refused unless the `accueil_oauth` cookie holds an authorisation of this
 * provider with the same state, not older than ten minutes, started by a session still live
 * whose user still administers the organisation. Then the code is traded for a grant (PKCE),
 * the provider's account must be the team's e-mail (Gmail, Outlook), or the IMAP and SMTP
 * servers must let the mailbox's user in with the new access token (XOAUTH2, `imap`), and the
 * grant is stored sealed; the mailbox is valid again and its sync resumes from its cursor
 * (asked at once).
 */
export async function finishMailboxOAuth(
  deps: AppDeps,
  input: {
    provider: MailboxOAuthProvider;
    cookie: string | undefined;
    query: { code?: string; state?: string; error?: string; iss?: string };
    redirectUri: string;
  },
): Promise<OAuthOutcome> {
  const pending = openAuthorization(deps, input.cookie);
  if (
    !pending ||
    pending.provider !== input.provider ||
    !input.query.state ||
    pending.state !== input.query.state
  )
    return { ok: false, reason: 'expired' };
  if (input.query.error || !input.query.code) return { ok: false, reason: 'denied' };
  const provider = oauthMailProviders(deps.config)[input.provider];
  if (!provider) return { ok: false, reason: 'provider' };
  return withOrganization(pending.organizationId, async () => {
    const session = await findSessionAccess(deps.db, {
      sid: pending.sessionId,
      sub: pending.userId,
      org: pending.organizationId,
    });
    if (!session || !isSessionLive(session, new Date())) return { ok: false, reason: 'session' };
    try {
      authorizeMailboxManagement({
        organizationId: pending.organizationId,
        userId: pending.userId,
        sessionId: session.id,
        role: roleOf(session.role),
        teamId: session.currentTeamId,
      });
    } catch {
      return { ok: false, reason: 'session' };
    }
    // The team's e-mail may have changed while the popup was open: it must still be the one authorised.
    const team = await getTeamEmail(deps.db, pending.organizationId, pending.teamId);
    if (team?.email?.toLowerCase() !== pending.inboxEmail) return { ok: false, reason: 'mismatch' };
    const servers = input.provider === 'imap' ? pending.servers : undefined;
    if (input.provider === 'imap' && !servers) return { ok: false, reason: 'expired' };
    let grant;
    try {
      grant = await provider.client.exchange({
        redirectUri: input.redirectUri,
        code: input.query.code!,
        state: pending.state,
        codeVerifier: pending.codeVerifier,
        ...(input.query.iss !== undefined ? { iss: input.query.iss } : {}),
      });
    } catch (error) {
      deps.log.warn(
        { err: error, provider: input.provider, teamId: pending.teamId },
        'mailbox authorisation failed',
      );
      return { ok: false, reason: 'provider' };
    }
    const account: MailboxAccount = servers
      ? {
          address: pending.inboxEmail,
          imap: { host: servers.imapHost, port: servers.imapPort, secure: servers.imapSecure },
          smtp: { host: servers.smtpHost, port: servers.smtpPort, secure: servers.smtpSecure },
          user: servers.username,
          accessToken: grant.accessToken,
        }
      : { address: pending.inboxEmail, accessToken: grant.accessToken };
    try {
      await provider.carrier.verify(account);
    } catch (error) {
      const mismatch = error instanceof CarrierError && error.carrierCode === 'mailbox-mismatch';
      deps.log.warn(
        { err: error, provider: input.provider, teamId: pending.teamId },
        'mailbox authorisation failed',
      );
      return { ok: false, reason: mismatch ? 'mismatch' : servers ? 'mailbox' : 'provider' };
    }
    const existing = await findTeamMailbox(deps.db, pending.organizationId, pending.teamId);
    try {
      const row = await saveMailbox(deps, existing, {
        organizationId: pending.organizationId,
        teamId: pending.teamId,
        address: pending.inboxEmail,
        vendor: input.provider,
        imapHost: servers?.imapHost ?? null,
        imapPort: servers?.imapPort ?? null,
        imapSecure: servers?.imapSecure ?? true,
        smtpHost: servers?.smtpHost ?? null,
        smtpPort: servers?.smtpPort ?? null,
        smtpSecure: servers?.smtpSecure ?? true,
        username: servers?.username ?? null,
        authMethod: 'oauth2',
        passwordEncrypted: sealGrant(deps, pending.teamId, grant),
      });
      await requestMailboxSync(deps, row);
      await announceMailboxStatus(deps, pending.organizationId, pending.teamId);
    } catch (error) {
      if ((error as { code?: string }).code === 'email-taken') return { ok: false, reason: 'taken' };
      throw error;
    }
    return { ok: true };
  });
}
