import { AppError, OAUTH_AUTHORIZATION_TTL_MS, type OAuthEmailProvider } from '@accueil/domain';
import { randomBytes } from 'node:crypto';
import { randomPKCECodeVerifier } from 'openid-client';
import type { AppDeps } from '../../app-deps';
import type { RequestContext } from '../../http/request-context';
import { findTeamByEmail } from '../teams/index';
import { authorizeMailboxManagement } from './email.policy';
import { oauthMailProviders } from './mailbox-carriers';
import { sealAuthorization } from './oauth-authorization';

/**
 * The organisation's team whose e-mail is `inboxEmail` (spec §5: a team e-mail belongs to the
 * organisation). @throws AppError 'not-found' (none: another organisation's team answers the same).
 */
export async function teamOfInboxEmail(deps: Pick<AppDeps, 'db'>, ctx: RequestContext, inboxEmail: string) {
  const team = await findTeamByEmail(deps.db, ctx.organizationId, inboxEmail);
  if (!team) throw new AppError('not-found', 'No team of the organisation has this e-mail');
  return team;
}

/**
 * `POST /api/oauth2/:provider` (spec §4, §7): the provider's authorisation link for the team whose
 * e-mail is `inboxEmail`, opened by the web app in an 800×600 popup. The authorisation code flow
 * with PKCE (S256) and a random state; both, with the session and the team, go sealed into the
 * `accueil_oauth` cookie that only the callback reads (`finishMailboxOAuth`).
 * @returns the link and the sealed cookie's value.
 * @throws AppError 'forbidden' (not an administrator), 'not-found' (no such team; the provider
 *   not configured on this server).
 */
export async function startMailboxOAuth(
  deps: Pick<AppDeps, 'db' | 'config'>,
  ctx: RequestContext,
  input: { provider: OAuthEmailProvider; inboxEmail: string; redirectUri: string },
  now = Date.now(),
): Promise<{ link: string; cookie: string }> {
  authorizeMailboxManagement(ctx);
  const provider = oauthMailProviders(deps.config)[input.provider];
  if (!provider) throw new AppError('not-found', `${input.provider} is not configured on this server`);
  const team = await teamOfInboxEmail(deps, ctx, input.inboxEmail);
  const state = randomBytes(24).toString('base64url');
  const codeVerifier = randomPKCECodeVerifier();
  const link = await provider.client.authorizationLink({
    redirectUri: input.redirectUri,
    state,
    codeVerifier,
    loginHint: team.email.toLowerCase(),
  });
  const cookie = sealAuthorization(deps, {
    state,
    codeVerifier,
    provider: input.provider,
    organizationId: ctx.organizationId,
    teamId: team.id,
    userId: ctx.userId,
    sessionId: ctx.sessionId,
    inboxEmail: team.email.toLowerCase(),
    expiresAt: now + OAUTH_AUTHORIZATION_TTL_MS,
  });
  return { link, cookie };
}
