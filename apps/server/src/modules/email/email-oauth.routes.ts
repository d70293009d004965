import { emailEndpoints as endpoints } from '@accueil/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { route } from '../../http/route';
import type { AppInstance } from '../../http/types';
import { detectMailProvider } from './detect-mail-provider';
import { finishMailboxOAuth } from './finish-mailbox-oauth';
import { mailboxOAuthLogout } from './mailbox-oauth-logout';
import { OAUTH_COOKIE_NAME, OAUTH_COOKIE_PATH, oauthRedirectUri } from './oauth-authorization';
import { startMailboxOAuth } from './start-mailbox-oauth';

function origin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

function cookieOptions(deps: AppDeps) {
  return {
    httpOnly: true,
    path: OAUTH_COOKIE_PATH,
    sameSite: 'lax' as const,
    secure: deps.config.PUBLIC_URL?.startsWith('https:') ?? false,
  };
}

/**
 * OAuth 2 connections (spec §7 `/oauth2/*`, docs/behaviour/email.md "Gmail and Outlook" and
 * "IMAP signed in with OAuth 2"): the provider of an address, the authorisation link, the
 * provider's redirect (no sign-in: the sealed `accueil_oauth` cookie and the state are the
 * proof) and the logout.
 */
export function emailOAuthRoutes(app: AppInstance, deps: AppDeps): void {
  route(app, endpoints.oauthType, {
    access: 'session',
    config: { errors: ['forbidden'] },
    handler: (request) => detectMailProvider(deps, request.ctx, request.body.inboxEmail),
  });
  route(app, endpoints.oauthStart, {
    access: 'session',
    config: { errors: ['forbidden', 'not-found', 'mail-unavailable'] },
    handler: async (request, reply) => {
      const { link, cookie } = await startMailboxOAuth(deps, request.ctx, {
        provider: request.params.provider,
        body: request.body,
        redirectUri: oauthRedirectUri(deps, request.params.provider, origin(request)),
      });
      void reply.setCookie(OAUTH_COOKIE_NAME, cookie, { ...cookieOptions(deps), maxAge: 600 });
      return { link };
    },
  });
  route(app, endpoints.oauthCallback, {
    access: 'public',
    config: { errors: [] },
    handler: async (request, reply: FastifyReply) => {
      const provider = request.params.provider;
      const outcome = await finishMailboxOAuth(deps, {
        provider,
        cookie: request.cookies[OAUTH_COOKIE_NAME],
        query: request.query,
        redirectUri: oauthRedirectUri(deps, provider, origin(request)),
      });
      void reply.clearCookie(OAUTH_COOKIE_NAME, cookieOptions(deps));
      const target = outcome.ok
        ? '/verification/success'
        : `/verification/error/${provider}?reason=${outcome.reason}`;
      return reply
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'no-referrer')
        .redirect(target, 302);
    },
  });
  route(app, endpoints.oauthLogout, {
    access: 'session',
    config: { errors: ['forbidden', 'not-found'] },
    handler: async (request, reply) => {
      await mailboxOAuthLogout(deps, request.ctx, {
        provider: request.params.provider,
        inboxEmail: request.body.inboxEmail,
      });
      return reply.code(204).send(null);
    },
  });
}
