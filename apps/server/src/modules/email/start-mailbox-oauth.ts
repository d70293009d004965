import {
  AppError,
  OAUTH_AUTHORIZATION_TTL_MS,
  type MailboxOAuthProvider,
  type OAuthStartRequest,
} from '@accueil/domain';
import { randomBytes } from 'node:crypto';
import { randomPKCECodeVerifier } from 'openid-client';
import type { AppDeps } from '../../app-deps';
import type { RequestContext } from '../../http/request-context';
import { findTeamByEmail } from '../teams/index';
import { authorizeMailboxManagement } from './email.policy';
import { oauthMailProviders } from './mailbox-carriers';
import { CarrierError } from '../../carriers/email-channel/email-channel-carrier';
import { sealAuthorization, type ImapServers } from './oauth-authorization';

/**
 * The organisation's team whose e-mail is `inboxEmail` (spec §5: a team e-mail belongs to the
 * organisation). @throws AppError 'not-found' (none: another organisation's team answers the same).
 */
export async function teamOfInboxEmail(deps: Pick<AppDeps, 'db'>, ctx: RequestContext, inboxEmail: string) {
  const team = await findTeamByEmail(deps.db, ctx.organizationId, inboxEmail);
  if (!team) throw new AppError('not-found', 'No team of the organisation has this e-mail');
  return team;
}

/** The fields `imap` needs besides the team's e-mail; each missing one is named in the 400's details. */
const IMAP_SERVER_FIELDS = ['imapHost', 'imapPort', 'smtpHost', 'smtpPort', 'username'] as const;

/**
 * The IMAP mailbox's servers of the request: required for `imap` (400 naming the missing
 * fields), refused for Gmail and Outlook (their APIs have no servers to give).
 * @throws AppError 'validation-failed'.
 */
function serversOf(provider: MailboxOAuthProvider, body: OAuthStartRequest): ImapServers | undefined {
  const given = [...IMAP_SERVER_FIELDS, 'imapSecure', 'smtpSecure'] as const;
  if (provider !== 'imap') {
    const extra = given.filter((f) => body[f] !== undefined);
    if (extra.length > 0)
      throw new AppError('validation-failed', `${provider} takes no mail servers`, { fields: extra });
    return undefined;
  }
  const missing = IMAP_SERVER_FIELDS.filter((f) => body[f] === undefined);
  if (missing.length > 0)
    throw new AppError('validation-failed', 'The IMAP and SMTP servers and the user name are required', {
      fields: missing,
    });
  return {
    imapHost: body.imapHost!,
    imapPort: body.imapPort!,
    imapSecure: body.imapSecure ?? true,
    smtpHost: body.smtpHost!,
    smtpPort: body.smtpPort!,
    smtpSecure: body.smtpSecure ?? true,
    username: body.username!,
  };
}

/**
 * `POST /api/oauth2/:provider` (spec §4, §7): the provider's authorisation link for the team whose
 * e-mail is `inboxEmail`, opened by the web app in an 800×600 popup. The authorisation code flow
 * with PKCE (S256) and a random state; both, with the session and the team (and for `imap` the
 * mailbox's servers and user name), go sealed into the `accueil_oauth` cookie that only the
 * callback reads (`finishMailboxOAuth`).
 * @returns the link and the sealed cookie's value.
 * @throws AppError 'forbidden' (not an administrator), 'not-found' (no such team; the provider
 *   not configured on this server), 'validation-failed' (`imap` without its servers, or servers
 *   given to Gmail or Outlook), 'mail-unavailable' (the provider's discovery did not answer).
 */
export async function startMailboxOAuth(
  deps: Pick<AppDeps, 'db' | 'config'>,
  ctx: RequestContext,
  input: { provider: MailboxOAuthProvider; body: OAuthStartRequest; redirectUri: string },
  now = Date.now(),
): Promise<{ link: string; cookie: string }> {
  authorizeMailboxManagement(ctx);
  const provider = oauthMailProviders(deps.config)[input.provider];
  if (!provider) throw new AppError('not-found', `${input.provider} is not configured on this server`);
  const servers = serversOf(input.provider, input.body);
  const team = await teamOfInboxEmail(deps, ctx, input.body.inboxEmail);
  const state = randomBytes(24).toString('base64url');
  const codeVerifier = randomPKCECodeVerifier();
  let link: string;
  try {
    link = await provider.client.authorizationLink({
      redirectUri: input.redirectUri,
      state,
      codeVerifier,
      loginHint: team.email.toLowerCase(),
    });
  } catch (error) {
    if (!(error instanceof CarrierError)) throw error;
    throw new AppError('mail-unavailable', `The provider could not be reached: ${error.message}`);
  }
  const cookie = sealAuthorization(deps, {
    state,
    codeVerifier,
    provider: input.provider,
    ...(servers ? { servers } : {}),
    organizationId: ctx.organizationId,
    teamId: team.id,
    userId: ctx.userId,
    sessionId: ctx.sessionId,
    inboxEmail: team.email.toLowerCase(),
    expiresAt: now + OAUTH_AUTHORIZATION_TTL_MS,
  });
  return { link, cookie };
}
