import {
  AppError,
  REFRESH_COOKIE_NAME,
  localeRequestSchema,
  loginRequestSchema,
  loginResponseSchema,
  logoutRequestSchema,
  presenceStatusSchema,
  refreshResponseSchema,
  sessionContextSchema,
  statusRequestSchema,
  switchTeamRequestSchema,
} from '@accueil/domain';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
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

/** §7 Session routes (docs/api.md "Session"). */
export function authRoutes(app: AppInstance, deps: AppDeps): Promise<void> {
  app.post(
    '/api/auth/login',
    {
      config: { access: 'public', rateLimit: loginRateLimit(deps), errors: ['invalid-credentials'] },
      schema: { tags: ['auth'], body: loginRequestSchema, response: { 200: loginResponseSchema } },
    },
    async (request, reply) => {
      const result = await login(deps, { ...request.body, userAgent: request.headers['user-agent'] ?? null });
      setRefreshCookie(reply, deps.config, result.refreshToken);
      return result.response;
    },
  );

  app.post(
    '/api/auth/refresh',
    { config: { access: 'public', errors: ['unauthorized', 'session-expired'] }, schema: { tags: ['auth'], response: { 200: refreshResponseSchema } } },
    async (request, reply) => {
      try {
        const result = await refreshSession(deps, request.cookies[REFRESH_COOKIE_NAME]);
        setRefreshCookie(reply, deps.config, result.refreshToken);
        return { jwt: result.jwt };
      } catch (error) {
        clearRefreshCookie(reply, deps.config);
        throw error;
      }
    },
  );

  app.post(
    '/api/auth/logout',
    { config: { access: 'session' }, schema: { tags: ['auth'], body: logoutRequestSchema.nullish(), response: { 204: z.null() } } },
    async (request, reply) => {
      await logout(deps, request.ctx, { revokeAll: request.body?.revokeAll ?? false });
      clearRefreshCookie(reply, deps.config);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/auth/profile',
    { config: { access: 'session' }, schema: { tags: ['auth'], response: { 200: sessionContextSchema } } },
    async (request) => getProfile(deps, request.ctx),
  );

  app.put(
    '/api/auth/user-group',
    { config: { access: 'session', errors: ['not-found'] }, schema: { tags: ['auth'], body: switchTeamRequestSchema, response: { 200: sessionContextSchema } } },
    async (request) => switchTeam(deps, request.ctx, request.body),
  );

  app.put(
    '/api/auth/locale',
    { config: { access: 'session' }, schema: { tags: ['auth'], body: localeRequestSchema, response: { 200: sessionContextSchema } } },
    async (request) => setLocale(deps, request.ctx, request.body),
  );

  app.put(
    '/api/auth/status',
    {
      config: { access: 'session' },
      schema: { tags: ['auth'], body: statusRequestSchema, response: { 200: z.object({ status: presenceStatusSchema }) } },
    },
    async (request) => setStatus(deps, request.ctx, request.body),
  );
  return Promise.resolve();
}
