import { z } from 'zod';

/**
 * The providers' real endpoints (the defaults). Tests and local development point the variables
 * at stand-ins (an `oidc-provider` server, recorded Gmail/Graph answers); production refuses any
 * other address (`emailOAuthProductionIssues`), so it never silently talks to a stand-in.
 */
export const EMAIL_OAUTH_DEFAULTS = {
  GOOGLE_OAUTH_AUTHORIZATION_URL: 'https://accounts.google.com/o/oauth2/v2/auth',
  GOOGLE_OAUTH_TOKEN_URL: 'https://oauth2.googleapis.com/token',
  GOOGLE_OAUTH_REVOCATION_URL: 'https://oauth2.googleapis.com/revoke',
  GMAIL_API_URL: 'https://gmail.googleapis.com',
  MICROSOFT_OAUTH_AUTHORIZATION_URL: 'https://login.microsoftonline.com/common/oauth2/v2.0/authorize',
  MICROSOFT_OAUTH_TOKEN_URL: 'https://login.microsoftonline.com/common/oauth2/v2.0/token',
  MICROSOFT_GRAPH_URL: 'https://graph.microsoft.com/v1.0',
} as const;

/** The IMAP hosts' scopes unless `IMAP_OAUTH_SCOPES` says otherwise: the user's address (Dovecot matches it by default) and a refresh token. */
export const IMAP_OAUTH_DEFAULT_SCOPES = 'openid email offline_access';

const url = (fallback: string) => z.string().url().default(fallback);

/**
 * Gmail and Outlook mailboxes connected with OAuth 2 (docs/behaviour/email.md, "Gmail and
 * Outlook"): each provider is offered when its client id and secret are set (registered at
 * Google Cloud / Microsoft Entra with the redirect `PUBLIC_URL/api/oauth2/{gmail|outlook}/callback`).
 * The grants are encrypted with `EMAIL_SECRETS_KEY` like the IMAP passwords.
 */
export const emailOAuthConfigShape = {
  GOOGLE_OAUTH_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_OAUTH_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_OAUTH_AUTHORIZATION_URL: url(EMAIL_OAUTH_DEFAULTS.GOOGLE_OAUTH_AUTHORIZATION_URL),
  GOOGLE_OAUTH_TOKEN_URL: url(EMAIL_OAUTH_DEFAULTS.GOOGLE_OAUTH_TOKEN_URL),
  GOOGLE_OAUTH_REVOCATION_URL: url(EMAIL_OAUTH_DEFAULTS.GOOGLE_OAUTH_REVOCATION_URL),
  /** The Gmail API's root (`…/gmail/v1/users/me/…` is appended). */
  GMAIL_API_URL: url(EMAIL_OAUTH_DEFAULTS.GMAIL_API_URL),
  MICROSOFT_OAUTH_CLIENT_ID: z.string().min(1).optional(),
  MICROSOFT_OAUTH_CLIENT_SECRET: z.string().min(1).optional(),
  MICROSOFT_OAUTH_AUTHORIZATION_URL: url(EMAIL_OAUTH_DEFAULTS.MICROSOFT_OAUTH_AUTHORIZATION_URL),
  MICROSOFT_OAUTH_TOKEN_URL: url(EMAIL_OAUTH_DEFAULTS.MICROSOFT_OAUTH_TOKEN_URL),
  /** Microsoft Graph's root with its version (`/me/…` is appended). */
  MICROSOFT_GRAPH_URL: url(EMAIL_OAUTH_DEFAULTS.MICROSOFT_GRAPH_URL),
  /**
   * IMAP mailboxes signed in with XOAUTH2 (docs/behaviour/email.md, "IMAP signed in with OAuth
   * 2"): the OAuth 2 server of the IMAP hosts, found by OpenID discovery
   * (`/.well-known/openid-configuration` under the issuer), our client registered there with the
   * redirect `PUBLIC_URL/api/oauth2/imap/callback`, and the scopes its tokens need (space
   * separated). Offered with `EMAIL_CHANNEL_CARRIER=imap` once the three are set.
   */
  IMAP_OAUTH_ISSUER: z.string().url().optional(),
  IMAP_OAUTH_CLIENT_ID: z.string().min(1).optional(),
  IMAP_OAUTH_CLIENT_SECRET: z.string().min(1).optional(),
  IMAP_OAUTH_SCOPES: z.string().trim().min(1).default(IMAP_OAUTH_DEFAULT_SCOPES),
};

type ImapOAuthSettings = {
  EMAIL_CHANNEL_CARRIER: string;
  IMAP_OAUTH_ISSUER?: string;
  IMAP_OAUTH_CLIENT_ID?: string;
  IMAP_OAUTH_CLIENT_SECRET?: string;
};

/**
 * What is wrong with the `IMAP_OAUTH_*` settings, one sentence each (config.ts reports them as
 * configuration errors): the issuer, the client id and its secret go together, and only with
 * `EMAIL_CHANNEL_CARRIER=imap` (the vendor that signs in with XOAUTH2); in production the
 * issuer is https (the grants and the client secret cross it).
 */
export function imapOAuthIssues(
  c: ImapOAuthSettings & { NODE_ENV: string },
): { path: string; message: string }[] {
  const set = [c.IMAP_OAUTH_ISSUER, c.IMAP_OAUTH_CLIENT_ID, c.IMAP_OAUTH_CLIENT_SECRET].filter(
    Boolean,
  ).length;
  if (set === 0) return [];
  const issues: { path: string; message: string }[] = [];
  if (set < 3)
    issues.push({
      path: 'IMAP_OAUTH_ISSUER',
      message: 'IMAP_OAUTH_ISSUER, IMAP_OAUTH_CLIENT_ID and IMAP_OAUTH_CLIENT_SECRET go together',
    });
  if (c.EMAIL_CHANNEL_CARRIER !== 'imap')
    issues.push({
      path: 'IMAP_OAUTH_ISSUER',
      message: 'IMAP_OAUTH_* needs EMAIL_CHANNEL_CARRIER=imap: only the IMAP vendor signs in with XOAUTH2',
    });
  if (c.NODE_ENV === 'production' && c.IMAP_OAUTH_ISSUER && !c.IMAP_OAUTH_ISSUER.startsWith('https:'))
    issues.push({
      path: 'IMAP_OAUTH_ISSUER',
      message: 'IMAP_OAUTH_ISSUER must be https in production: the grants and the client secret cross it',
    });
  return issues;
}

/** Whether this configuration offers IMAP mailboxes signed in with XOAUTH2. */
export function imapOAuthConfigured(c: ImapOAuthSettings): boolean {
  return Boolean(
    c.EMAIL_CHANNEL_CARRIER === 'imap' &&
    c.IMAP_OAUTH_ISSUER &&
    c.IMAP_OAUTH_CLIENT_ID &&
    c.IMAP_OAUTH_CLIENT_SECRET,
  );
}

type EmailOAuthEndpoints = { [K in keyof typeof EMAIL_OAUTH_DEFAULTS]: string };

/**
 * Why production must not start with these endpoints: one sentence per variable that is not the
 * provider's real address (a stand-in left from tests would receive the grants).
 */
export function emailOAuthProductionIssues(config: EmailOAuthEndpoints): string[] {
  return (Object.keys(EMAIL_OAUTH_DEFAULTS) as (keyof typeof EMAIL_OAUTH_DEFAULTS)[])
    .filter((key) => config[key] !== EMAIL_OAUTH_DEFAULTS[key])
    .map(
      (key) =>
        `${key}=${config[key]}: not the provider's own endpoint (${EMAIL_OAUTH_DEFAULTS[key]}); a stand-in would receive the mailboxes' grants. Leave it unset.`,
    );
}
