import { SESSION_IDLE_TIMEOUT_MS } from '@accueil/domain';
import { decodeJwt } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authHeader, buildUser } from '../../test/factories';
import { keepOlderSessions, passwordSignIn } from '../../test/sign-in-helpers';
import { useTestApp } from '../../test/test-app';

/* How sessions end: a newer sign-in elsewhere (with its reason), idleness, sign-out everywhere. */

const t = useTestApp();
afterEach(() => vi.useRealTimers());

const profile = (jwt: string) =>
  t.app.inject({ method: 'GET', url: '/api/auth/profile', headers: authHeader(jwt) });
const refresh = (cookie: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/refresh', headers: { cookie } });

describe('a newer sign-in of the same user elsewhere', () => {
  it('ends the older session, tells its tabs why, and its refresh answers the reason', async () => {
    const user = await buildUser();
    const older = await passwordSignIn(t.app, { ...user, address: '10.0.0.1' });
    const spy = vi.spyOn(t.deps.realtime, 'publish');
    const newer = await passwordSignIn(t.app, { ...user, address: '10.0.0.2' });
    expect(newer.statusCode).toBe(200);
    expect(spy).toHaveBeenCalledWith(`user:${user.id}`, 'session:revoked', {
      sessionId: decodeJwt(older.body.jwt).sid,
      reason: 'signed-in-elsewhere',
    });
    spy.mockRestore();
    expect((await profile(older.body.jwt)).json().code).toBe('session-expired');
    const refused = await refresh(older.refresh!);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({
      code: 'session-expired',
      details: { reason: 'signed-in-elsewhere' },
    });
    expect((await profile(newer.body.jwt)).statusCode).toBe(200);
  });

  it('ends nothing when the organisation allows several sessions', async () => {
    const user = await buildUser();
    await keepOlderSessions(user.organizationId);
    const older = await passwordSignIn(t.app, user);
    await passwordSignIn(t.app, user);
    expect((await profile(older.body.jwt)).statusCode).toBe(200);
  });
});

describe('idle timeout', () => {
  it('a session unused for SESSION_IDLE_TIMEOUT_MS answers session-expired, without a reason', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-03-02T08:00:00Z') });
    const signedIn = await passwordSignIn(t.app, await buildUser());
    vi.setSystemTime(Date.now() + SESSION_IDLE_TIMEOUT_MS - 60_000);
    expect((await refresh(signedIn.refresh!)).statusCode).toBe(200);
    vi.setSystemTime(Date.now() + SESSION_IDLE_TIMEOUT_MS + 1000);
    const refused = await refresh(signedIn.refresh!);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().details).toBeUndefined();
  });
});

describe('sign out of all devices', () => {
  it("ends every session of the user, not other users'", async () => {
    const user = await buildUser();
    await keepOlderSessions(user.organizationId);
    const a = await passwordSignIn(t.app, user);
    const b = await passwordSignIn(t.app, user);
    const colleague = await passwordSignIn(t.app, await buildUser({ organizationId: user.organizationId }));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: authHeader(b.body.jwt),
      payload: { revokeAll: true },
    });
    expect(res.statusCode).toBe(204);
    for (const s of [a, b]) expect((await profile(s.body.jwt)).statusCode).toBe(401);
    expect((await profile(colleague.body.jwt)).statusCode).toBe(200);
  });
});
