import type { MailboxOAuthProvider, OAuthEmailProvider } from '@accueil/domain';
import type { AppDeps } from '../../app-deps';
import type { EmailChannelCarrier } from '../../carriers/email-channel/email-channel-carrier';
import {
  createGmailChannelCarrier,
  GMAIL_SCOPES,
} from '../../carriers/email-channel/gmail/gmail-channel-carrier';
import { createImapChannelCarrier } from '../../carriers/email-channel/imap/imap-channel-carrier';
import { createOAuthClient, type OAuthClient } from '../../carriers/email-channel/oauth/oauth-client';
import {
  createOutlookChannelCarrier,
  OUTLOOK_SCOPES,
} from '../../carriers/email-channel/outlook/outlook-channel-carrier';
import type { Config } from '../../config';
import { imapOAuthConfigured } from '../../config-email-oauth';

/**
 * A provider a team connects with OAuth 2: its client (authorisation, tokens) and its mailbox
 * vendor (for `imap`, the IMAP vendor signing in with XOAUTH2).
 */
export type OAuthMailProvider = {
  name: MailboxOAuthProvider;
  client: OAuthClient;
  carrier: EmailChannelCarrier;
};

type Providers = Partial<Record<MailboxOAuthProvider, OAuthMailProvider>>;
const built = new WeakMap<Config, Providers>();

/**
 * The OAuth providers this server offers: Gmail when `GOOGLE_OAUTH_CLIENT_ID` and its secret
 * are set, Outlook when `MICROSOFT_OAUTH_CLIENT_ID` and its secret are, and the IMAP hosts'
 * OAuth 2 server when `IMAP_OAUTH_ISSUER`, its client id and secret are and the vendor is IMAP
 * (built once per configuration).
 */
export function oauthMailProviders(config: Config): Providers {
  const cached = built.get(config);
  if (cached) return cached;
  const providers: Providers = {};
  if (config.GOOGLE_OAUTH_CLIENT_ID && config.GOOGLE_OAUTH_CLIENT_SECRET)
    providers.gmail = {
      name: 'gmail',
      client: createOAuthClient({
        authorizationUrl: config.GOOGLE_OAUTH_AUTHORIZATION_URL,
        tokenUrl: config.GOOGLE_OAUTH_TOKEN_URL,
        revocationUrl: config.GOOGLE_OAUTH_REVOCATION_URL,
        clientId: config.GOOGLE_OAUTH_CLIENT_ID,
        clientSecret: config.GOOGLE_OAUTH_CLIENT_SECRET,
        scopes: GMAIL_SCOPES,
        // Google hands a refresh token only for offline access, and again only on a new consent.
        authorizationParams: { access_type: 'offline', prompt: 'consent' },
      }),
      carrier: createGmailChannelCarrier({ apiUrl: config.GMAIL_API_URL }),
    };
  if (config.MICROSOFT_OAUTH_CLIENT_ID && config.MICROSOFT_OAUTH_CLIENT_SECRET)
    providers.outlook = {
      name: 'outlook',
      client: createOAuthClient({
        authorizationUrl: config.MICROSOFT_OAUTH_AUTHORIZATION_URL,
        tokenUrl: config.MICROSOFT_OAUTH_TOKEN_URL,
        clientId: config.MICROSOFT_OAUTH_CLIENT_ID,
        clientSecret: config.MICROSOFT_OAUTH_CLIENT_SECRET,
        scopes: OUTLOOK_SCOPES,
      }),
      carrier: createOutlookChannelCarrier({ graphUrl: config.MICROSOFT_GRAPH_URL }),
    };
  if (imapOAuthConfigured(config)) {
    const scopes = config.IMAP_OAUTH_SCOPES.split(/\s+/);
    providers.imap = {
      name: 'imap',
      client: createOAuthClient({
        issuer: config.IMAP_OAUTH_ISSUER!,
        clientId: config.IMAP_OAUTH_CLIENT_ID!,
        clientSecret: config.IMAP_OAUTH_CLIENT_SECRET!,
        scopes,
        // OpenID Connect hands a refresh token for `offline_access` only on a consent (Core §11).
        ...(scopes.includes('offline_access') ? { authorizationParams: { prompt: 'consent' } } : {}),
      }),
      carrier: createImapChannelCarrier(),
    };
  }
  built.set(config, providers);
  return providers;
}

/** Whether `vendor` is one of the OAuth providers read through their API (a mailbox row's `vendor`: Gmail, Outlook). */
export function isOAuthVendor(vendor: string): vendor is OAuthEmailProvider {
  return vendor === 'gmail' || vendor === 'outlook';
}

/**
 * Whose OAuth 2 grant a mailbox row holds: Gmail's or Outlook's, `imap` for an IMAP mailbox
 * signed in with XOAUTH2 (`auth_method` `oauth2`), null for a password (or the sandbox).
 */
export function grantProviderOf(row: { vendor: string; authMethod: string }): MailboxOAuthProvider | null {
  if (isOAuthVendor(row.vendor)) return row.vendor;
  return row.vendor === 'imap' && row.authMethod === 'oauth2' ? 'imap' : null;
}

/**
 * The vendor that reads a mailbox of `vendor`: the configured `EMAIL_CHANNEL_CARRIER` (IMAP or
 * the sandbox), or Gmail/Outlook when configured; null when this server has none for it (the
 * mailbox is then left alone).
 */
export function carrierForVendor(
  deps: Pick<AppDeps, 'config' | 'emailChannel'>,
  vendor: string,
): EmailChannelCarrier | null {
  if (vendor === deps.emailChannel.name) return deps.emailChannel;
  if (isOAuthVendor(vendor)) return oauthMailProviders(deps.config)[vendor]?.carrier ?? null;
  return null;
}
