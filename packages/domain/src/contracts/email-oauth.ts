import { z } from 'zod';
import { imapServersShape } from './email';

/** The providers a team's mailbox connects to with OAuth 2 (spec §7 `/oauth2/{provider}`). */
export const OAUTH_EMAIL_PROVIDERS = ['gmail', 'outlook'] as const;
export const oauthEmailProviderSchema = z.enum(OAUTH_EMAIL_PROVIDERS);
export type OAuthEmailProvider = z.infer<typeof oauthEmailProviderSchema>;

/**
 * Who authorises a mailbox at `/api/oauth2/{provider}`: Google and Microsoft (their APIs read the
 * mailbox), and `imap`, the OAuth 2 server of the IMAP hosts (`IMAP_OAUTH_*`), whose access token
 * signs in to IMAP and SMTP with XOAUTH2.
 */
export const MAILBOX_OAUTH_PROVIDERS = [...OAUTH_EMAIL_PROVIDERS, 'imap'] as const;
export const mailboxOAuthProviderSchema = z.enum(MAILBOX_OAUTH_PROVIDERS);
export type MailboxOAuthProvider = z.infer<typeof mailboxOAuthProviderSchema>;

/** Size of the provider's authorisation popup, in CSS pixels (spec §9: "Popup 800x600"). */
export const OAUTH_POPUP_WIDTH = 800;
export const OAUTH_POPUP_HEIGHT = 600;
/** How often the web app checks whether the authorisation popup closed (ms; spec §4: "every second"). */
export const OAUTH_POPUP_POLL_MS = 1000;
/** How long an authorisation started by `POST /api/oauth2/:provider` may take (ms). */
export const OAUTH_AUTHORIZATION_TTL_MS = 10 * 60_000;

/** The body of `/api/oauth2/type`, `/api/oauth2/:provider` and its logout: a team's e-mail. */
export const inboxEmailRequestSchema = z.strictObject({
  inboxEmail: z.email('email-invalid').max(320),
});
export type InboxEmailRequest = z.infer<typeof inboxEmailRequestSchema>;

/**
 * The body of `POST /api/oauth2/:provider`: the team's e-mail and, for `imap` only, the mailbox's
 * IMAP and SMTP servers and user name (required then: 400 naming the missing ones; refused for
 * Gmail and Outlook). They travel sealed with the authorisation and are stored with the grant.
 */
export const oauthStartRequestSchema = inboxEmailRequestSchema.extend(
  z.object(imapServersShape).partial().shape,
);
export type OAuthStartRequest = z.infer<typeof oauthStartRequestSchema>;

/**
 * `POST /api/oauth2/type`: who hosts the address's mail — `gmail` (Google Workspace, gmail.com),
 * `outlook` (Microsoft 365, outlook.com), or null when neither (IMAP then).
 */
export const oauthTypeResponseSchema = z.object({ provider: oauthEmailProviderSchema.nullable() });
export type OAuthTypeResponse = z.infer<typeof oauthTypeResponseSchema>;

/** `POST /api/oauth2/:provider`: the provider's authorisation page, opened in the 800×600 popup. */
export const oauthLinkResponseSchema = z.object({ link: z.url() });
export type OAuthLinkResponse = z.infer<typeof oauthLinkResponseSchema>;

/** `GET /api/oauth2/:provider/callback`: the provider's answer (RFC 6749 §4.1.2), read as it comes. */
export const oauthCallbackQuerySchema = z.object({
  code: z.string().max(4096).optional(),
  state: z.string().max(512).optional(),
  error: z.string().max(256).optional(),
  error_description: z.string().max(1024).optional(),
  iss: z.string().max(1024).optional(),
  scope: z.string().max(4096).optional(),
  session_state: z.string().max(1024).optional(),
});
