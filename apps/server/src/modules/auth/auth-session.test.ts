import { decodeJwt } from 'jose';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { REFRESH_REUSE_GRACE_MS } from '@accueil/domain';
import { refreshTokens, sessions } from '../../db/schema/sessions';
import { hashRefreshToken } from './refresh-token';
import { authHeader, buildUser, signIn } from '../../test/factories';
import { keepOlderSessions } from '../../test/sign-in-helpers';
import { useTestApp } from '../../test/test-app';

const t = useTestApp();

const refresh = (cookie: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/refresh', headers: { cookie } });
const profile = (jwt: string) =>
  t.app.inject({ method: 'GET', url: '/api/auth/profile', headers: authHeader(jwt) });
const cookieOf = (res: Awaited<ReturnType<typeof refresh>>) => {
  const c = res.cookies.find((x) => x.name === 'accueil_refresh')!;
  return `accueil_refresh=${c.value}`;
};

describe('POST /api/auth/refresh', () => {
  it('answers a new access token and rotates the cookie', async () => {
    const session = await signIn(t.app, await buildUser());
    const first = await refresh(session.cookie);
    expect(first.statusCode).toBe(200);
    const rotated = cookieOf(first);
    expect(rotated).not.toBe(session.cookie);
    expect((await profile(first.json<{ jwt: string }>().jwt)).statusCode).toBe(200);
    const second = await refresh(rotated);
    expect(second.statusCode).toBe(200);
  });

  it('reuse of a used refresh token after the grace window revokes the whole session', async () => {
    const user = await buildUser();
    const session = await signIn(t.app, user);
    const newer = cookieOf(await refresh(session.cookie));
    await t.deps.db
      .update(refreshTokens)
      .set({ usedAt: new Date(Date.now() - REFRESH_REUSE_GRACE_MS - 1000) })
      .where(eq(refreshTokens.sessionId, decodeJwt(session.jwt).sid as string));
    const spy = vi.spyOn(t.deps.realtime, 'publish');
    const reuse = await refresh(session.cookie);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json().code).toBe('session-expired');
    expect(spy).toHaveBeenCalledWith(`user:${user.id}`, 'session:revoked', {
      sessionId: decodeJwt(session.jwt).sid,
    });
    spy.mockRestore();
    expect((await refresh(newer)).statusCode).toBe(401);
    expect((await profile(session.jwt)).json().code).toBe('session-expired');
  });

  it('a used token presented again within the grace window (another tab) gets a fresh token', async () => {
    const session = await signIn(t.app, await buildUser());
    const firstTab = await refresh(session.cookie);
    await new Promise((r) => setTimeout(r, 20));
    const beforeSecondUse = Date.now();
    const secondTab = await refresh(session.cookie);
    expect(firstTab.statusCode).toBe(200);
    expect(secondTab.statusCode).toBe(200);
    expect(cookieOf(secondTab)).not.toBe(cookieOf(firstTab));
    expect((await profile(secondTab.json<{ jwt: string }>().jwt)).statusCode).toBe(200);
    expect((await refresh(cookieOf(firstTab))).statusCode).toBe(200);
    // The window is counted from the first use, so it does not slide with each reuse.
    const [used] = await t.deps.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashRefreshToken(session.cookie.split('=')[1]!)));
    expect(used!.usedAt!.getTime()).toBeLessThan(beforeSecondUse);
  });

  it('refuses a missing or unknown cookie', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/refresh' })).json().code).toBe(
      'session-expired',
    );
    expect((await refresh('accueil_refresh=nonsense')).statusCode).toBe(401);
  });
});

describe('idle timeout (12 h)', () => {
  it('a session unused for 12 h answers 401 session-expired, on requests and on refresh', async () => {
    const session = await signIn(t.app, await buildUser());
    const sid = decodeJwt(session.jwt).sid as string;
    await t.deps.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - 11 * 3600_000) })
      .where(eq(sessions.id, sid));
    expect((await profile(session.jwt)).statusCode).toBe(200);
    const [bumped] = await t.deps.db.select().from(sessions).where(eq(sessions.id, sid));
    expect(Date.now() - bumped!.lastSeenAt.getTime()).toBeLessThan(60_000);
    await t.deps.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - 12 * 3600_000 - 1000) })
      .where(eq(sessions.id, sid));
    const res = await profile(session.jwt);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('session-expired');
    expect((await refresh(session.cookie)).json().code).toBe('session-expired');
  });
});

describe('POST /api/auth/logout', () => {
  it('ends this session only, clearing the cookie', async () => {
    const user = await buildUser();
    await keepOlderSessions(user.organizationId);
    const a = await signIn(t.app, user);
    const b = await signIn(t.app, user);
    const spy = vi.spyOn(t.deps.realtime, 'publish');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: authHeader(a.jwt),
      payload: { revokeAll: false },
    });
    expect(res.statusCode).toBe(204);
    // Its tabs are told which session ended (and only that one).
    expect(spy.mock.calls.filter(([, event]) => event === 'session:revoked')).toEqual([
      [`user:${user.id}`, 'session:revoked', { sessionId: decodeJwt(a.jwt).sid }],
    ]);
    spy.mockRestore();
    const cleared = res.cookies.find((c) => c.name === 'accueil_refresh')!;
    expect(cleared.value).toBe('');
    expect((await profile(a.jwt)).statusCode).toBe(401);
    expect((await refresh(a.cookie)).statusCode).toBe(401);
    expect((await profile(b.jwt)).statusCode).toBe(200);
  });

  it('revokeAll ends every session of the user and announces each', async () => {
    const user = await buildUser();
    await keepOlderSessions(user.organizationId);
    const a = await signIn(t.app, user);
    const b = await signIn(t.app, user);
    const spy = vi.spyOn(t.deps.realtime, 'publish');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: authHeader(a.jwt),
      payload: { revokeAll: true },
    });
    expect(res.statusCode).toBe(204);
    expect(spy).toHaveBeenCalledWith(`user:${user.id}`, 'session:revoked', {
      sessionId: decodeJwt(b.jwt).sid,
    });
    spy.mockRestore();
    for (const s of [a, b]) {
      expect((await profile(s.jwt)).statusCode).toBe(401);
      expect((await refresh(s.cookie)).statusCode).toBe(401);
    }
  });

  it('accepts a bodiless logout (JSON content type, empty body)', async () => {
    const a = await signIn(t.app, await buildUser());
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { ...authHeader(a.jwt), 'content-type': 'application/json' },
      payload: '',
    });
    expect(res.statusCode).toBe(204);
  });
});
