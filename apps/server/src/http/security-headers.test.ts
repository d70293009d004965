import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { authHeader, buildOrganization, buildUser, signIn } from '../test/factories';
import { useTestApp } from '../test/test-app';
import { HSTS_MAX_AGE_S, installSecurityHeaders } from './security-headers';
import type { AppInstance } from './types';

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'accueil-web-'));
  await writeFile(join(dir, 'index.html'), '<!doctype html><title>Accueil</title>');
  await writeFile(join(dir, 'app.js'), 'console.log(1)');
});
const t = useTestApp({}, () => ({ webDistDir: dir }));

/** The directives of a Content-Security-Policy header, by name. */
function directives(header: unknown): Map<string, string[]> {
  expect(typeof header).toBe('string');
  return new Map(
    String(header)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

describe('security headers', () => {
  it('sends the policy on the app page, static files, API answers and refusals', async () => {
    const answers = await Promise.all([
      t.app.inject({ method: 'GET', url: '/login' }),
      t.app.inject({ method: 'GET', url: '/app.js' }),
      t.app.inject({ method: 'GET', url: '/api/config' }),
      t.app.inject({ method: 'GET', url: '/api/conversations' }),
      t.app.inject({ method: 'GET', url: '/api/nothing-here' }),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 401, 404]);
    for (const res of answers) {
      const csp = directives(res.headers['content-security-policy']);
      expect(csp.get('script-src')).toEqual(["'self'"]);
      expect(csp.get('default-src')).toEqual(["'self'"]);
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
      expect(csp.get('object-src')).toEqual(["'none'"]);
      expect(csp.get('connect-src')).toEqual(expect.arrayContaining(["'self'", 'ws://localhost:80']));
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      // PUBLIC_URL is not https here: no HSTS (it would lock a plain-http host out).
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it("marks API answers with people's data no-store, signed in or not, but not the public configuration", async () => {
    const org = await buildOrganization();
    const user = await buildUser({ organizationId: org.id });
    const { jwt } = await signIn(t.app, user);
    const profile = await t.app.inject({ method: 'GET', url: '/api/auth/profile', headers: authHeader(jwt) });
    expect(profile.statusCode).toBe(200);
    expect(profile.headers['cache-control']).toBe('no-store');
    expect((await t.app.inject({ method: 'GET', url: '/api/conversations' })).headers['cache-control']).toBe(
      'no-store',
    );
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/config' })).headers['cache-control'],
    ).toBeUndefined();
  });

  it("leaves static files' cache headers to the static file server", async () => {
    expect((await t.app.inject({ method: 'GET', url: '/app.js' })).headers['cache-control']).not.toBe(
      'no-store',
    );
  });

  it("sends them on Socket.IO's long-polling answers too, which Fastify does not see", async () => {
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const address = t.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const res = await fetch(`http://127.0.0.1:${port}/socket.io/?EIO=4&transport=polling`, {
      headers: { connection: 'close' },
    });
    await res.text();
    expect(res.status).toBe(200);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(directives(res.headers.get('content-security-policy')).get('frame-ancestors')).toEqual(["'none'"]);
  });

  it("gives the API description's page its own policy, not framable either", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    const csp = directives(res.headers['content-security-policy']);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
  });
});

describe('HSTS', () => {
  async function headersWith(publicUrl: string | undefined): Promise<Record<string, unknown>> {
    const app = Fastify() as unknown as AppInstance;
    installSecurityHeaders(app, publicUrl);
    app.get('/', () => 'ok');
    const res = await app.inject({ method: 'GET', url: '/', headers: { host: 'accueil.example.com' } });
    await app.close();
    return res.headers;
  }

  it('is sent only when PUBLIC_URL is https, and then upgrades insecure requests and the socket to wss', async () => {
    const https = await headersWith('https://accueil.example.com');
    expect(https['strict-transport-security']).toBe(`max-age=${HSTS_MAX_AGE_S}`);
    const csp = directives(https['content-security-policy']);
    expect(csp.has('upgrade-insecure-requests')).toBe(true);
    expect(csp.get('connect-src')).toContain('wss://accueil.example.com');
    for (const url of ['http://accueil.example.com', undefined]) {
      const plain = await headersWith(url);
      expect(plain['strict-transport-security']).toBeUndefined();
      expect(directives(plain['content-security-policy']).has('upgrade-insecure-requests')).toBe(false);
    }
  });
});
