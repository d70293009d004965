import { OAUTH_AUTHORIZATION_TTL_MS, type MailboxOAuthProvider } from '@accueil/domain';
import type { AppDeps } from '../../app-deps';
import { decryptSecret, encryptSecret, mailboxSecretsKey } from './mailbox-secrets';

/** The cookie that carries a started authorisation to the provider's redirect (httpOnly, `/api/oauth2`, 10 minutes). */
export const OAUTH_COOKIE_NAME = 'accueil_oauth';
/** The cookie's path: only the callback routes receive it. */
export const OAUTH_COOKIE_PATH = '/api/oauth2';
const CONTEXT = 'oauth-authorization';

/**
 * An authorisation under way (docs/behaviour/email.md, "Gmail and Outlook"): the state sent to
 * the provider, the PKCE verifier, and who started it for which team — the session, so the
 * redirect connects only what that still-signed-in administrator asked for.
 */
export type PendingAuthorization = {
  state: string;
  codeVerifier: string;
  provider: MailboxOAuthProvider;
  /** `imap`: the mailbox's servers and user name, signed in to with XOAUTH2 once the grant is had. */
  servers?: ImapServers;
  organizationId: string;
  teamId: string;
  userId: string;
  sessionId: string;
  inboxEmail: string;
  /** Epoch ms after which the redirect is refused. */
  expiresAt: number;
};

/** An IMAP mailbox's servers and user name as `POST /api/oauth2/imap` gives them (the secure flags default to TLS). */
export type ImapServers = {
  imapHost: string;
  imapPort: number;
  imapSecure: boolean;
  smtpHost: string;
  smtpPort: number;
  smtpSecure: boolean;
  username: string;
};

/** The pending authorisation sealed for the cookie (AES-256-GCM: neither readable nor forgeable by the browser). */
export function sealAuthorization(deps: Pick<AppDeps, 'config'>, pending: PendingAuthorization): string {
  return encryptSecret(mailboxSecretsKey(deps.config), JSON.stringify(pending), CONTEXT);
}

/** The pending authorisation of the cookie, or null when absent, forged, or older than `OAUTH_AUTHORIZATION_TTL_MS`. */
export function openAuthorization(
  deps: Pick<AppDeps, 'config'>,
  cookie: string | undefined,
  now = Date.now(),
): PendingAuthorization | null {
  if (!cookie) return null;
  try {
    const pending = JSON.parse(
      decryptSecret(mailboxSecretsKey(deps.config), cookie, CONTEXT),
    ) as PendingAuthorization;
    return pending.expiresAt > now && pending.expiresAt <= now + OAUTH_AUTHORIZATION_TTL_MS ? pending : null;
  } catch {
    return null;
  }
}

/** Where the provider sends the browser back: `PUBLIC_URL` (else the request's origin) + `/api/oauth2/:provider/callback`. */
export function oauthRedirectUri(
  deps: Pick<AppDeps, 'config'>,
  provider: MailboxOAuthProvider,
  requestOrigin: string,
): string {
  const origin = (deps.config.PUBLIC_URL ?? requestOrigin).replace(/\/$/, '');
  return `${origin}/api/oauth2/${provider}/callback`;
}
