import { AppError } from '@accueil/domain';
import Fastify from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { installErrorHandler } from './error-handler';
import type { RequestContext } from './request-context';
import {
  authenticateRequests,
  bearerToken,
  enforceDeclaredAccess,
  UndeclaredRouteAccessError,
  UnverifiedWebhookError,
  type RouteAccess,
} from './route-access';
import type { AppInstance } from './types';

/**
 * Route access on a bare Fastify app: the bearer header's exact form, who reaches a `session`,
 * role or webhook route, and the start-up refusals of an undeclared or unverified route.
 */
const ctxFor = (role: RequestContext['role']): RequestContext => ({
  organizationId: crypto.randomUUID(),
  userId: crypto.randomUUID(),
  sessionId: crypto.randomUUID(),
  role,
  teamId: null,
});

const headerOf = (authorization?: string) =>
  bearerToken({ headers: authorization === undefined ? {} : { authorization } } as Parameters<
    typeof bearerToken
  >[0]);

describe('bearerToken', () => {
  it('reads the token of "Bearer <token>", whatever the scheme\'s case and the spaces after it', () => {
    expect(headerOf('Bearer abc.def-ghi')).toBe('abc.def-ghi');
    expect(headerOf('bearer abc')).toBe('abc');
    expect(headerOf('BEARER   abc')).toBe('abc');
  });

  it('finds no token in a missing header, another scheme, a prefix before the scheme, an empty token or two words', () => {
    expect(headerOf()).toBeNull();
    expect(headerOf('')).toBeNull();
    expect(headerOf('Basic YWRtaW46cGFzcw==')).toBeNull();
    expect(headerOf('xBearer abc')).toBeNull();
    expect(headerOf('Bearer')).toBeNull();
    expect(headerOf('Bearer ')).toBeNull();
    expect(headerOf('Bearerabc')).toBeNull();
    expect(headerOf('Bearer abc def')).toBeNull();
    expect(headerOf('Bearer abc ')).toBeNull();
  });
});

describe('who reaches a route', () => {
  // A new app for each test (a bare Fastify app takes milliseconds): what the hooks do is then
  // the work of the test that runs them, which is how mutation testing attributes it.
  let app: AppInstance;
  const tokens = new Map([
    ['admin-token', ctxFor('admin')],
    ['user-token', ctxFor('user')],
  ]);
  const authenticated: string[] = [];
  const verified: string[] = [];

  beforeEach(async () => {
    app = Fastify();
    installErrorHandler(app);
    enforceDeclaredAccess(app);
    authenticateRequests(app, (token) => {
      authenticated.push(token);
      const ctx = tokens.get(token);
      return ctx ? Promise.resolve(ctx) : Promise.reject(new AppError('session-expired', 'Session expired'));
    });
    const whoAmI = (request: { ctx: RequestContext | null }) => ({ role: request.ctx?.role ?? null });
    app.get('/api/public', { config: { access: 'public' } }, whoAmI);
    app.get('/api/session', { config: { access: 'session' } }, whoAmI);
    app.get('/api/admins', { config: { access: { roles: ['admin'] } } }, whoAmI);
    const verify = (request: { headers: Record<string, unknown> }) => {
      verified.push(String(request.headers['x-signature']));
      if (request.headers['x-signature'] !== 'good') throw new AppError('signature-invalid', 'Bad signature');
    };
    app.post('/api/hook', { config: { access: { webhook: 'twilio', verify } } }, whoAmI);
    await app.ready();
  });
  afterEach(() => app.close());

  const get = (url: string, token?: string) =>
    app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });

  it('lets anyone reach a public route, with no session and without asking for one', async () => {
    authenticated.length = 0;
    const res = await get('/api/public', 'admin-token');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ role: null });
    expect(authenticated).toEqual([]);
  });

  it('refuses a session route without a token (401 unauthorized) and with a dead session (401 session-expired)', async () => {
    const none = await get('/api/session');
    expect([none.statusCode, none.json().code]).toEqual([401, 'unauthorized']);
    const dead = await get('/api/session', 'expired-token');
    expect([dead.statusCode, dead.json().code]).toEqual([401, 'session-expired']);
  });

  it("gives a session route the session's context", async () => {
    const res = await get('/api/session', 'user-token');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ role: 'user' });
  });

  it('refuses a role route to another role (403 forbidden) and opens it to its role', async () => {
    const refused = await get('/api/admins', 'user-token');
    expect([refused.statusCode, refused.json().code]).toEqual([403, 'forbidden']);
    const allowed = await get('/api/admins', 'admin-token');
    expect([allowed.statusCode, allowed.json()]).toEqual([200, { role: 'admin' }]);
  });

  it("checks a webhook's signature instead of a session, and answers its refusal", async () => {
    authenticated.length = 0;
    verified.length = 0;
    const post = (signature: string) =>
      app.inject({
        method: 'POST',
        url: '/api/hook',
        headers: { 'x-signature': signature, authorization: 'Bearer user-token' },
        payload: {},
      });
    const forged = await post('forged');
    expect([forged.statusCode, forged.json().code]).toEqual([403, 'signature-invalid']);
    const good = await post('good');
    expect([good.statusCode, good.json()]).toEqual([200, { role: null }]);
    expect(verified).toEqual(['forged', 'good']);
    expect(authenticated).toEqual([]);
  });
});

describe('routes refused at start', () => {
  async function startWith(route: (app: AppInstance) => void): Promise<unknown> {
    const app = Fastify() as unknown as AppInstance;
    enforceDeclaredAccess(app);
    try {
      route(app);
      await app.ready();
      return null;
    } catch (error) {
      return error;
    } finally {
      await app.close().catch(() => undefined);
    }
  }

  it('refuses an /api route without access, naming it for the developer', async () => {
    const error = await startWith((app) => app.get('/api/undeclared', () => ({})));
    expect(error).toBeInstanceOf(UndeclaredRouteAccessError);
    expect((error as Error).name).toBe('UndeclaredRouteAccessError');
    expect((error as Error).message).toContain('GET /api/undeclared');
    expect(await startWith((app) => app.get('/api', () => ({})))).toBeInstanceOf(UndeclaredRouteAccessError);
  });

  it('refuses a webhook route without a signature check, naming it', async () => {
    const unverified = { webhook: 'twilio' } as unknown as RouteAccess;
    const error = await startWith((app) =>
      app.post('/api/hooks/x', { config: { access: unverified } }, () => ({})),
    );
    expect(error).toBeInstanceOf(UnverifiedWebhookError);
    expect((error as Error).name).toBe('UnverifiedWebhookError');
    expect((error as Error).message).toContain('POST /api/hooks/x');
  });

  it('starts with a webhook route that registers its signature check', async () => {
    expect(
      await startWith((app) =>
        app.post(
          '/api/hooks/y',
          { config: { access: { webhook: 'twilio', verify: () => undefined } } },
          () => ({}),
        ),
      ),
    ).toBeNull();
  });

  it('starts with routes outside /api undeclared, and makes the API description under /api/docs public', async () => {
    expect(await startWith((app) => app.get('/health', () => ({})))).toBeNull();
    expect(await startWith((app) => app.get('/apiary', () => ({})))).toBeNull();
    const app = Fastify() as unknown as AppInstance;
    enforceDeclaredAccess(app);
    let access: unknown;
    app.addHook('onRoute', (route) => {
      if (route.url === '/api/docs/json') access = (route.config as { access?: unknown }).access;
    });
    app.get('/api/docs/json', () => ({}));
    await app.ready();
    await app.close();
    expect(access).toBe('public');
  });
});
