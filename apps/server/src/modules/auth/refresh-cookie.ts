import { REFRESH_COOKIE_MAX_AGE_S, REFRESH_COOKIE_NAME } from '@accueil/domain';
import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyReply } from 'fastify';
import type { Config } from '../../config';

/** The refresh cookie is sent only to the auth routes, never readable by scripts. */
function cookieOptions(config: Config): CookieSerializeOptions {
  return {
    httpOnly: true,
    path: '/api/auth',
    sameSite: 'lax',
    secure: config.PUBLIC_URL?.startsWith('https:') ?? false,
  };
}

/** Sets (or rotates) the httpOnly refresh cookie (`REFRESH_COOKIE_NAME`, 365 days). */
export function setRefreshCookie(reply: FastifyReply, config: Config, token: string): void {
  void reply.setCookie(REFRESH_COOKIE_NAME, token, {
    ...cookieOptions(config),
    maxAge: REFRESH_COOKIE_MAX_AGE_S,
  });
}

/** Clears the refresh cookie (logout, refused refresh). */
export function clearRefreshCookie(reply: FastifyReply, config: Config): void {
  void reply.clearCookie(REFRESH_COOKIE_NAME, cookieOptions(config));
}
