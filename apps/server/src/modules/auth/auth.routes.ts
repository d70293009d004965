import { REFRESH_COOKIE_NAME, authEndpoints as endpoints } from '@accueil/domain';
import type { AppDeps } from '../../app-deps';
import { route } from '../../http/route';
import type { AppInstance } from '../../http/types';
import { getProfile, logout, refreshSession, setLocale, setStatus, switchTeam } from './auth.service';
import { newDeviceId, readDeviceId, setDeviceCookie } from './device-cookie';
import { clearRefreshCookie, setRefreshCookie } from './refresh-cookie';
import { signInSecurityRoutes } from './sign-in-security.routes';
import { signInWithPassword } from './sign-in-with-password';
import { signInRateLimit } from './sign-in-rate-limit';

/** Session routes (docs/api.md "Session"), served from their shared endpoints. */
export function authRoutes(app: AppInstance, deps: AppDeps): Promise<void> {
  route(app, endpoints.login, {
    access: 'public',
    config: {
      rateLimit: signInRateLimit(deps),
      errors: ['invalid-credentials', 'too-many-attempts', 'machine-not-allowed', 'outside-work-hours'],
    },
    handler: async (request, reply) => {
      const cookieDeviceId = readDeviceId(request, deps.config);
      const deviceId = cookieDeviceId ?? newDeviceId();
      const result = await signInWithPassword(deps, {
        ...request.body,
        userAgent: request.headers['user-agent'] ?? null,
        cookieDeviceId,
        deviceId,
        address: request.ip,
      });
      setRefreshCookie(reply, deps.config, result.refreshToken);
      setDeviceCookie(reply, deps.config, deviceId);
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
  route(app, endpoints.switchTeam, {
    access: 'session',
    config: { errors: ['not-found'] },
    handler: (request) => switchTeam(deps, request.ctx, { teamId: request.body.userGroup }),
  });
  route(app, endpoints.setLocale, {
    access: 'session',
    handler: (request) => setLocale(deps, request.ctx, request.body),
  });
  route(app, endpoints.setStatus, {
    access: 'session',
    handler: (request) => setStatus(deps, request.ctx, request.body),
  });
  signInSecurityRoutes(app, deps);
  return Promise.resolve();
}
