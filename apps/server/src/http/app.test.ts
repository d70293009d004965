import { apiErrorSchema, AppError } from '@accueil/domain';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../db/schema/index';
import { authHeader, buildOrganization, buildUser, signIn } from '../test/factories';
import { buildTestApp, useTestApp } from '../test/test-app';
import { UndeclaredRouteAccessError, UnverifiedWebhookError, type RouteAccess } from './route-access';

const t = useTestApp();

const post = (payload: string, contentType = 'application/json') =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': contentType }, payload });

function expectError(res: { statusCode: number; json: () => unknown }, status: number, code: string) {
  expect(res.statusCode).toBe(status);
  const body = apiErrorSchema.parse(res.json());
  expect(body.code).toBe(code);
  return body;
}

describe('bad input', () => {
  it('malformed JSON → 400 invalid-json', async () => {
    expectError(await post('{"username": '), 400, 'invalid-json');
  });

  it('unknown field → 400 validation-failed with the issues', async () => {
    const body = expectError(
      await post(JSON.stringify({ username: 'a', password: 'b', admin: true })),
      400,
      'validation-failed',
    );
    expect(body.details).toEqual([
      expect.objectContaining({ location: 'body', message: expect.stringContaining('admin') }),
    ]);
  });

  it('wrong type → 400 validation-failed naming the field', async () => {
    const body = expectError(
      await post(JSON.stringify({ username: 5, password: 'b' })),
      400,
      'validation-failed',
    );
    expect(body.details).toEqual([expect.objectContaining({ path: 'username' })]);
  });

  it('oversized body → 413 payload-too-large', async () => {
    expectError(
      await post(JSON.stringify({ username: 'a', password: 'x'.repeat(1_100_000) })),
      413,
      'payload-too-large',
    );
  });

  it('wrong content type → 415 unsupported-media-type (form bodies too, outside webhooks)', async () => {
    expectError(await post('username=a&password=b', 'text/plain'), 415, 'unsupported-media-type');
    expectError(
      await post('username=a&password=b', 'application/x-www-form-urlencoded'),
      415,
      'unsupported-media-type',
    );
  });

  it('unknown /api route → 404 not-found', async () => {
    expectError(await t.app.inject({ method: 'GET', url: '/api/nothing-here' }), 404, 'not-found');
    expectError(await t.app.inject({ method: 'DELETE', url: '/api/auth/login' }), 404, 'not-found');
  });
});

describe('public routes', () => {
  it('GET /api/config answers the carrier and version', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ messagingCarrier: 'sandbox', version: '5.5.1', supportPhoneNumber: null });
  });

  it('GET /api/docs serves the OpenAPI description of the routes', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json<{ openapi: string; paths: Record<string, unknown> }>();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/auth/login', '/api/auth/profile', '/api/config']),
    );
    expect((await t.app.inject({ method: 'GET', url: '/api/docs' })).statusCode).toBeLessThan(400);
  });
});

describe('route access', () => {
  it('the app refuses to start with an /api route that declares no access', async () => {
    const built = await buildTestApp();
    try {
      expect(() => built.app.get('/api/undeclared', () => ({ ok: true }))).toThrow(
        UndeclaredRouteAccessError,
      );
      void built.app.register(async (scope) => {
        await Promise.resolve();
        scope.post('/api/undeclared-too', () => ({ ok: true }));
      });
      await expect(built.app.ready()).rejects.toBeInstanceOf(UndeclaredRouteAccessError);
    } finally {
      await built.close().catch(() => undefined);
    }
  });

  it('the app refuses to start with a webhook route that registers no signature check', async () => {
    const built = await buildTestApp();
    try {
      const unverified = { webhook: 'twilio' } as unknown as RouteAccess;
      expect(() =>
        built.app.post('/api/webhooks/unverified', { config: { access: unverified } }, () => ({ ok: true })),
      ).toThrow(UnverifiedWebhookError);
      void built.app.register(async (scope) => {
        await Promise.resolve();
        scope.post('/api/webhooks/unverified-too', { config: { access: unverified } }, () => ({ ok: true }));
      });
      await expect(built.app.ready()).rejects.toBeInstanceOf(UnverifiedWebhookError);
    } finally {
      await built.close().catch(() => undefined);
    }
  });

  it("a webhook route's signature check runs before its handler, and its refusal is the answer", async () => {
    const built = await buildTestApp();
    const handled: string[] = [];
    const verify = (request: { headers: Record<string, unknown> }) => {
      if (request.headers['x-test-signature'] !== 'good')
        throw new AppError('signature-invalid', 'Bad signature');
    };
    built.app.post('/api/webhooks/test', { config: { access: { webhook: 'twilio', verify } } }, (request) => {
      handled.push(String(request.headers['x-test-signature']));
      return { ok: true };
    });
    try {
      const post = (signature: string) =>
        built.app.inject({
          method: 'POST',
          url: '/api/webhooks/test',
          headers: { 'x-test-signature': signature },
          payload: {},
        });
      expect((await post('forged')).json()).toMatchObject({ code: 'signature-invalid' });
      expect((await post('good')).statusCode).toBe(200);
      expect(handled).toEqual(['good']);
    } finally {
      await built.close();
    }
  });

  it('role routes answer 403 forbidden to other roles; errors never leak a stack (500 internal)', async () => {
    const built = await buildTestApp();
    built.app.get('/api/test/admin-only', { config: { access: { roles: ['admin'] } } }, () => ({ ok: true }));
    built.app.get('/api/test/boom', { config: { access: 'public' } }, () => {
      throw new Error('secret detail');
    });
    try {
      const org = await buildOrganization({ db: built.deps.db });
      const adminUser = await buildUser({ db: built.deps.db, organizationId: org.id, role: 'admin' });
      const agentUser = await buildUser({ db: built.deps.db, organizationId: org.id, role: 'user' });
      const [admin, agent] = [await signIn(built.app, adminUser), await signIn(built.app, agentUser)];
      const get = (url: string, jwt?: string) =>
        built.app.inject({ method: 'GET', url, headers: jwt ? authHeader(jwt) : {} });
      expect((await get('/api/test/admin-only', admin.jwt)).statusCode).toBe(200);
      expectError(await get('/api/test/admin-only', agent.jwt), 403, 'forbidden');
      expectError(await get('/api/test/admin-only'), 401, 'unauthorized');
      // The role is read at each request, not frozen in the token; a user no longer of the
      // session's organisation has no live session.
      await built.deps.db.update(users).set({ role: 'admin' }).where(eq(users.id, agentUser.id));
      expect((await get('/api/test/admin-only', agent.jwt)).statusCode).toBe(200);
      const elsewhere = await buildOrganization({ db: built.deps.db });
      await built.deps.db
        .update(users)
        .set({ organizationId: elsewhere.id })
        .where(eq(users.id, adminUser.id));
      expectError(await get('/api/test/admin-only', admin.jwt), 401, 'session-expired');
      const boom = await get('/api/test/boom');
      expect(expectError(boom, 500, 'internal').message).toBe('Internal error');
      expect(boom.body).not.toContain('secret detail');
    } finally {
      await built.close();
    }
  });
});

describe('web app', () => {
  it('serves the built SPA with fallback for app paths, never for /api', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'accueil-web-'));
    await writeFile(join(dir, 'index.html'), '<!doctype html><title>Accueil</title>');
    await writeFile(join(dir, 'app.js'), 'console.log(1)');
    const built = await buildTestApp({}, { webDistDir: dir });
    try {
      expect(built.servesWebApp).toBe(true);
      const page = await built.app.inject({ method: 'GET', url: '/conversations?sid=1' });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<title>Accueil</title>');
      expect((await built.app.inject({ method: 'GET', url: '/app.js' })).body).toBe('console.log(1)');
      expect((await built.app.inject({ method: 'GET', url: '/missing.js' })).statusCode).toBe(404);
      expectError(await built.app.inject({ method: 'GET', url: '/api/unknown' }), 404, 'not-found');
    } finally {
      await built.close();
    }
  });
});
