import { apiErrorSchema, type LoginResponse } from '@accueil/domain';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { authHeader, buildOrganization, buildTeam, buildUser, signIn } from '../../test/factories';
import { createTestApp, useTestApp } from '../../test/test-app';

const t = useTestApp();

async function orgWithUser() {
  const org = await buildOrganization();
  const team = await buildTeam({ organizationId: org.id, main: true });
  const user = await buildUser({ organizationId: org.id, teamIds: [team.id] });
  return { org, team, user };
}

const login = (username: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password } });

describe('POST /api/auth/login', () => {
  it('signs in and answers the session context with a refresh cookie', async () => {
    const { org, team, user } = await orgWithUser();
    const res = await login(user.username.toUpperCase(), user.password);
    expect(res.statusCode).toBe(200);
    const body = res.json<LoginResponse>();
    expect(body).toMatchObject({
      user: { id: user.id, groups: [team.id], currentGroupId: team.id },
      userGroup: { id: team.id },
      organization: { id: org.id },
    });
    expect(body.user).not.toHaveProperty('passwordHash');
    expect(typeof body.jwt).toBe('string');
    const cookie = res.cookies.find((c) => c.name === 'accueil_refresh')!;
    expect(cookie).toMatchObject({ httpOnly: true, path: '/api/auth', sameSite: 'Lax' });
    expect(cookie.maxAge).toBe(365 * 24 * 3600);
    const profile = await t.app.inject({
      method: 'GET',
      url: '/api/auth/profile',
      headers: authHeader(body.jwt),
    });
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toMatchObject({ user: { id: user.id }, userGroups: [{ id: team.id }] });
  });

  it('refuses a wrong password and an unknown username alike (401 invalid-credentials)', async () => {
    const { user } = await orgWithUser();
    for (const res of [
      await login(user.username, 'Wrong-Password-1!'),
      await login(`nobody-${user.id}`, 'x'),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(apiErrorSchema.parse(res.json()).code).toBe('invalid-credentials');
      expect(res.cookies).toHaveLength(0);
    }
  });

  it('after 5 failures for a username answers 429 too-many-attempts with Retry-After; other usernames are unaffected', async () => {
    const { user } = await orgWithUser();
    const other = await orgWithUser();
    for (let i = 0; i < 5; i++) expect((await login(user.username, `wrong-${i}`)).statusCode).toBe(401);
    const blocked = await login(user.username, user.password);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ code: 'too-many-attempts', message: 'Too many attempts.' });
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(800);
    expect(retryAfter).toBeLessThanOrEqual(900);
    expect((await login(other.user.username, other.user.password)).statusCode).toBe(200);
  });

  it('a success clears earlier failures', async () => {
    const { user } = await orgWithUser();
    for (let i = 0; i < 4; i++) await login(user.username, 'wrong');
    expect((await login(user.username, user.password)).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) await login(user.username, 'wrong');
    expect((await login(user.username, user.password)).statusCode).toBe(200);
  });

  it('marks the refresh cookie Secure when the app is served over https (only then), and clears it with the same attributes', async () => {
    const plain = await buildUser();
    const unset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: plain.username, password: plain.password },
    });
    expect(unset.cookies.find((c) => c.name === 'accueil_refresh')!.secure).toBeFalsy();
    for (const [publicUrl, secure] of [
      ['https://accueil.example', true],
      ['http://accueil.example', false],
    ] as const) {
      const served = await createTestApp({ PUBLIC_URL: publicUrl });
      try {
        const user = await buildUser({ db: served.deps.db });
        const res = await served.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { username: user.username, password: user.password },
        });
        expect(res.statusCode).toBe(200);
        const set = res.cookies.find((c) => c.name === 'accueil_refresh')!;
        expect(set).toMatchObject({ httpOnly: true, path: '/api/auth', sameSite: 'Lax' });
        expect(Boolean(set.secure)).toBe(secure);
        const jwt = res.json<LoginResponse>().jwt;
        const out = await served.app.inject({
          method: 'POST',
          url: '/api/auth/logout',
          headers: authHeader(jwt),
          payload: { revokeAll: false },
        });
        const cleared = out.cookies.find((c) => c.name === 'accueil_refresh')!;
        expect(cleared).toMatchObject({ value: '', httpOnly: true, path: '/api/auth', sameSite: 'Lax' });
        expect(Boolean(cleared.secure)).toBe(secure);
      } finally {
        await served.close();
      }
    }
  });

  it('limits sign-in requests per IP (429 too-many-requests)', async () => {
    // 12 a minute: 2 at once (10 s worth, LOGIN_RATE_LIMIT_BURST_MS), then one every 5 s.
    const limited = await createTestApp({ LOGIN_RATE_LIMIT_PER_MINUTE: 12 });
    try {
      const username = `nobody-${randomUUID()}`;
      const send = () =>
        limited.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password: 'y' } });
      expect((await send()).statusCode).toBe(401);
      expect((await send()).statusCode).toBe(401);
      const res = await send();
      expect(res.statusCode).toBe(429);
      const body = apiErrorSchema.parse(res.json());
      expect(body.code).toBe('too-many-requests');
      expect(body.message).toMatch(/^Too many requests\. Retry in \d+ seconds\.$/);
      // The next attempt comes 5 s after the last (12 a minute), in whole seconds, said alike in the header and the message.
      const retryAfter = Number(res.headers['retry-after']);
      expect(retryAfter).toBeGreaterThanOrEqual(2);
      expect(retryAfter).toBeLessThanOrEqual(5);
      expect(body.message).toBe(`Too many requests. Retry in ${retryAfter} seconds.`);
    } finally {
      await limited.close();
    }
  });
});

describe('authenticated routes', () => {
  it('answer 401 unauthorized without a token or with a forged one', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/api/auth/profile' });
    expect(none.statusCode).toBe(401);
    expect(none.json().code).toBe('unauthorized');
    const forged = await t.app.inject({
      method: 'GET',
      url: '/api/auth/profile',
      headers: authHeader('a.b.c'),
    });
    expect(forged.statusCode).toBe(401);
    expect(forged.json().code).toBe('unauthorized');
  });

  it("PUT /api/auth/user-group switches to one of the user's teams; another team answers 404", async () => {
    const { org, team, user: _u } = await orgWithUser();
    const second = await buildTeam({ organizationId: org.id, label: 'Hygiène' });
    const notMine = await buildTeam({ organizationId: org.id });
    const user = await buildUser({ organizationId: org.id, teamIds: [team.id, second.id] });
    const foreign = await orgWithUser();
    const { jwt } = await signIn(t.app, user);
    const put = (userGroup: string) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/auth/user-group',
        headers: authHeader(jwt),
        payload: { userGroup },
      });
    const ok = await put(second.id);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ userGroup: { id: second.id }, user: { currentGroupId: second.id } });
    const profile = await t.app.inject({ method: 'GET', url: '/api/auth/profile', headers: authHeader(jwt) });
    expect(profile.json().userGroup.id).toBe(second.id);
    for (const id of [foreign.team.id, notMine.id]) {
      const res = await put(id);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('not-found');
    }
    expect((await put('not-a-uuid')).json().code).toBe('validation-failed');
  });

  it('PUT /api/auth/status stores the presence', async () => {
    const { user } = await orgWithUser();
    const { jwt } = await signIn(t.app, user);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/status',
      headers: authHeader(jwt),
      payload: { status: 'away' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'away' });
    const profile = await t.app.inject({ method: 'GET', url: '/api/auth/profile', headers: authHeader(jwt) });
    expect(profile.json().user.status).toBe('away');
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/status',
      headers: authHeader(jwt),
      payload: { status: 'asleep' },
    });
    expect(bad.statusCode).toBe(400);
  });
});
