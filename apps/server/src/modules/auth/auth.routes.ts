import { AppError, REFRESH_COOKIE_NAME, authEndpoints as endpoints } from '@accueil/domain';
import type { AppDeps } from '../../app-deps';
import { route } from '../../http/route';
import type { AppInstance } from '../../http/types';
import { getProfile, login, logout, refreshSession, setLocale, setStatus, switchTeam } from './auth.service';
import { clearRefreshCookie, setRefreshCookie } from './refresh-cookie';

/** Per-IP limit of sign-in attempts (on top of the per-username limit of the service). */
function loginRateLimit(deps: AppDeps) {
  return {
    max: deps.config.LOGIN_RATE_LIMIT_PER_MINUTE,
    timeWindow: 60_000,
    errorResponseBuilder: (_req: unknown, context: { ttl: number }) => {
      const retry = Math.max(1, Math.ceil(context.ttl / 1000));
      return new AppError('too-many-requests', `Too many requests. Retry in ${retry} seconds.`, undefined, retry);
    },
  };
}

/** Session routes (docs/api.md "Session"), served from their shared endpoints. */
export function authRoutes(app: AppInstance, deps: AppDeps): Promise<void> {
  route(app, endpoints.login, {
    access: 'public',
    config: { rateLimit: loginRateLimit(deps), errors: ['invalid-credentials'] },
    handler: async (request, reply) => {
      const result = await login(deps, { ...request.body, userAgent: request.headers['user-agent'] ?? null });
      setRefreshCookie(reply, deps.config, result.refreshToken);
      return result.response;
    },
  });

  route(app, endpoints.refresh, {
    access: 'public',
    config: { errors: ['unauthorized', 'session-expired'] },
    handler: async (request, reply) => {
      try {
        const result = await refreshSession(deps, request.cookies[REFRESH_COOKIE_NAME]);
        setRefreshCookie(reply, deps.config, result.refreshToken);
        return { jwt: result.jwt };
      } catch (error) {
        clearRefreshCookie(reply, deps.config);
        throw error;
      }
    },
  });

  route(app, endpoints.logout, {
    access: 'session',
    handler: async (request, reply) => {
      await logout(deps, request.ctx, { revokeAll: request.body?.revokeAll ?? false });
      clearRefreshCookie(reply, deps.config);
      return reply.status(204).send(null);
    },
  });

  route(app, endpoints.profile, { access: 'session', handler: (request) => getProfile(deps, request.ctx) });
  route(app, endpoints.switchTeam, { access: 'session', config: { errors: ['not-found'] }, handler: (request) => switchTeam(deps, request.ctx, request.body) });
  route(app, endpoints.setLocale, { access: 'session', handler: (request) => setLocale(deps, request.ctx, request.body) });
  route(app, endpoints.setStatus, { access: 'session', handler: (request) => setStatus(deps, request.ctx, request.body) });
  return Promise.resolve();
}
