import Fastify from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { currentTenantScope, withSystemAccess } from '../db/tenant-scope';
import type { RequestContext } from './request-context';
import { authenticateRequests } from './route-access';
import type { AppInstance } from './types';

const organizationId = '0b6f4c1e-5d3a-4c2b-9a8e-7f6d5c4b3a21';
const ctx: RequestContext = {
  organizationId,
  userId: crypto.randomUUID(),
  sessionId: crypto.randomUUID(),
  role: 'user',
  teamId: null,
};
// A new app for each test: the hooks' work is then the test's own (how mutation testing attributes it).
let app: AppInstance;

beforeEach(async () => {
  app = Fastify();
  authenticateRequests(app, () => Promise.resolve(ctx));
  // What a handler sees of its scope, after awaiting (a body read, a timer) as real handlers do.
  const scopeAfterAwait = async () => {
    await new Promise((resolve) => setTimeout(resolve, 1));
    return { scope: currentTenantScope() };
  };
  app.get('/signed-in', { config: { access: 'session' } }, scopeAfterAwait);
  app.post('/signed-in', { config: { access: 'session' } }, scopeAfterAwait);
  app.post('/public', { config: { access: 'public' } }, scopeAfterAwait);
  await app.ready();
});
afterEach(() => app.close());

describe("a request's tenant scope", () => {
  it("runs a signed-in route's handler in the session's organisation, a body read before it included", async () => {
    const headers = { authorization: 'Bearer token' };
    const read = await app.inject({ method: 'GET', url: '/signed-in', headers });
    expect(read.json()).toEqual({ scope: { organizationId } });
    const written = await app.inject({
      method: 'POST',
      url: '/signed-in',
      headers,
      payload: { text: 'x'.repeat(100_000) },
    });
    expect(written.json()).toEqual({ scope: { organizationId } });
  });

  it("runs any other route's handler in no scope, whatever the caller's (its statements see no tenant row)", async () => {
    const res = await withSystemAccess('test-fixture', () =>
      app.inject({ method: 'POST', url: '/public', payload: { a: 1 } }),
    );
    expect(res.json()).toEqual({ scope: null });
  });
});
