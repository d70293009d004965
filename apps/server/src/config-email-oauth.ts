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
};

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
