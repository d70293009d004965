import type { UserAccount, UserDirectoryEntry } from '@accueil/domain';
import { describe, expect, it } from 'vitest';
import { buildOrganization, buildTeam, buildUser, DEFAULT_TEST_PASSWORD, signIn } from '../../test/factories';
import { signedInAs } from '../../test/signed-in';
import { useTestApp } from '../../test/test-app';

const t = useTestApp();

async function organisation() {
  const org = await buildOrganization();
  const team = await buildTeam({ organizationId: org.id, label: 'Principal', main: true });
  const admin = await buildUser({
    organizationId: org.id,
    teamIds: [team.id],
    role: 'admin',
    administratorOf: [team.id],
  });
  const agent = await buildUser({ organizationId: org.id, teamIds: [team.id] });
  return { org, team, admin, agent };
}

async function call(
  user: { id: string; organizationId: string },
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: object,
) {
  return t.app.inject({ method, url, headers: await signedInAs(user), ...(payload ? { payload } : {}) });
}

let n = 0;
const fresh = () => {
  n += 1;
  const id = `${Date.now().toString(36)}${n}`;
  return { username: `nouveau-${id}`, email: `nouveau-${id}@clinique.test` };
};

describe('POST /api/users', () => {
  it('creates a user with a password, who then signs in to their default team', async () => {
    const { admin, org } = await organisation();
    const hygiene = await buildTeam({ organizationId: org.id, label: 'Hygiène' });
    const who = fresh();
    const res = await call(admin, 'POST', '/api/users', {
      mode: 'create',
      password: 'Nouveau-Passe-1!',
      ...who,
      displayName: 'Dre Gagnon',
      firstName: 'Marie',
      lastName: 'Gagnon',
      role: 'user',
      locale: 'en-CA',
      profession: 'Dentiste',
      languages: ['fr', 'en'],
      teams: [{ teamId: hygiene.id, administrator: true }],
      defaultTeamId: hygiene.id,
      signature: { mode: 'personalized-signature', content: 'Dre Gagnon' },
      phoneLine: 'poste.12',
    });
    expect(res.statusCode).toBe(201);
    const account = res.json<UserAccount>();
    expect(account).toMatchObject({
      ...who,
      displayName: 'Dre Gagnon',
      role: 'user',
      locale: 'en-CA',
      profession: 'Dentiste',
      languages: ['fr', 'en'],
      teams: [{ teamId: hygiene.id, administrator: true }],
      defaultTeamId: hygiene.id,
      signature: { mode: 'personalized-signature', content: 'Dre Gagnon' },
      phoneLine: 'poste.12',
      disabledAt: null,
    });
    expect(JSON.stringify(account)).not.toContain('password');
    const session = await signIn(t.app, { username: who.username, password: 'Nouveau-Passe-1!' });
    expect(session.body.userGroup?.id).toBe(hygiene.id);
  });

  it('refuses a weak password, a taken username and a taken e-mail (with the spec message)', async () => {
    const { admin, agent } = await organisation();
    const base = { displayName: 'X', firstName: 'X', lastName: 'Y' };
    const weak = await call(admin, 'POST', '/api/users', { ...fresh(), ...base, password: 'short' });
    expect(weak.statusCode).toBe(400);
    const taken = await call(admin, 'POST', '/api/users', {
      ...fresh(),
      ...base,
      password: DEFAULT_TEST_PASSWORD,
      username: agent.username.toUpperCase(),
    });
    expect(taken.json()).toMatchObject({ code: 'username-taken' });
    const email = await call(admin, 'POST', '/api/users', {
      ...fresh(),
      ...base,
      password: DEFAULT_TEST_PASSWORD,
      email: agent.email,
    });
    expect(email.statusCode).toBe(409);
    expect(email.json()).toMatchObject({ code: 'email-taken', message: 'This email is already in use' });
  });

  it('is for administrators (403), who cannot give a role above their own', async () => {
    const { admin, agent } = await organisation();
    const base = { displayName: 'X', firstName: 'X', lastName: 'Y', password: DEFAULT_TEST_PASSWORD };
    expect((await call(agent, 'POST', '/api/users', { ...fresh(), ...base })).statusCode).toBe(403);
    expect(
      (await call(admin, 'POST', '/api/users', { ...fresh(), ...base, role: 'super-admin' })).statusCode,
    ).toBe(403);
    expect((await call(admin, 'POST', '/api/users', { ...fresh(), ...base, role: 'admin' })).statusCode).toBe(
      201,
    );
  });

  it("refuses another organisation's team (404) and a default team the user does not join (400)", async () => {
    const { admin, team } = await organisation();
    const other = await buildTeam();
    const base = { displayName: 'X', firstName: 'X', lastName: 'Y', password: DEFAULT_TEST_PASSWORD };
    expect(
      (
        await call(admin, 'POST', '/api/users', {
          ...fresh(),
          ...base,
          teams: [{ teamId: other.id, administrator: false }],
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await call(admin, 'POST', '/api/users', { ...fresh(), ...base, defaultTeamId: team.id })).statusCode,
    ).toBe(400);
  });
});

describe('GET /api/users, /api/users/directory', () => {
  it('administrators read the accounts; everyone the directory; another organisation is absent', async () => {
    const { admin, agent } = await organisation();
    const stranger = await buildUser();
    const list = await call(admin, 'GET', '/api/users');
    expect(list.statusCode).toBe(200);
    expect(
      list
        .json<UserAccount[]>()
        .map((u) => u.id)
        .sort(),
    ).toEqual([admin.id, agent.id].sort());
    expect((await call(agent, 'GET', '/api/users')).statusCode).toBe(403);
    const directory = await call(agent, 'GET', '/api/users/directory');
    expect(directory.json<UserDirectoryEntry[]>().map((u) => u.id)).not.toContain(stranger.id);
    expect((await call(admin, 'GET', `/api/users/${stranger.id}`)).statusCode).toBe(404);
    expect((await call(agent, 'GET', `/api/users/${admin.id}`)).statusCode).toBe(403);
  });
});

describe('PUT /api/users/:id', () => {
  it("changes a user's role: the next request already has the new abilities", async () => {
    const { admin, agent } = await organisation();
    const headers = await signedInAs(agent);
    const before = await t.app.inject({ method: 'GET', url: '/api/auth/profile', headers });
    expect(before.json()).toMatchObject({ abilities: { 'configuration.edit': false } });
    const res = await call(admin, 'PUT', `/api/users/${agent.id}`, {
      role: 'admin',
      profession: 'Hygiéniste',
    });
    expect(res.json<UserAccount>()).toMatchObject({ role: 'admin', profession: 'Hygiéniste' });
    const after = await t.app.inject({ method: 'GET', url: '/api/auth/profile', headers });
    expect(after.json()).toMatchObject({ abilities: { 'configuration.edit': true } });
    expect((await t.app.inject({ method: 'GET', url: '/api/users', headers })).statusCode).toBe(200);
  });

  it("refuses to demote the organisation's last administrator, and to touch a role above one's own", async () => {
    const { admin, org } = await organisation();
    const res = await call(admin, 'PUT', `/api/users/${admin.id}`, { role: 'user' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'organization-last-administrator' });
    const devops = await buildUser({ organizationId: org.id, role: 'devops' });
    expect((await call(admin, 'PUT', `/api/users/${devops.id}`, { role: 'user' })).statusCode).toBe(403);
  });

  it('refuses an e-mail another user or a team has', async () => {
    const { admin, agent } = await organisation();
    const res = await call(admin, 'PUT', `/api/users/${agent.id}`, { email: admin.email });
    expect(res.json()).toMatchObject({ code: 'email-taken' });
  });

  it("answers 404 for another organisation's user and 403 to a user", async () => {
    const { admin, agent } = await organisation();
    const stranger = await buildUser();
    expect((await call(admin, 'PUT', `/api/users/${stranger.id}`, { profession: 'x' })).statusCode).toBe(404);
    expect((await call(agent, 'PUT', `/api/users/${admin.id}`, { profession: 'x' })).statusCode).toBe(403);
  });
});

describe('disable, enable and force-disconnect', () => {
  it("disabling ends the user's sessions at once and refuses their sign-in until enabled", async () => {
    const { admin, agent, team, org } = await organisation();
    await buildUser({ organizationId: org.id, teamIds: [team.id] });
    const session = await signIn(t.app, agent);
    const res = await call(admin, 'POST', `/api/users/${agent.id}/disable`);
    expect(res.statusCode).toBe(200);
    expect(res.json<UserAccount>().disabledAt).not.toBeNull();
    const profile = await t.app.inject({
      method: 'GET',
      url: '/api/auth/profile',
      headers: { authorization: `Bearer ${session.jwt}` },
    });
    expect(profile.statusCode).toBe(401);
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      headers: { cookie: session.cookie },
    });
    expect(refresh.statusCode).toBe(401);
    await expect(signIn(t.app, agent)).rejects.toThrow(/401/);
    await call(admin, 'POST', `/api/users/${agent.id}/enable`);
    await expect(signIn(t.app, agent)).resolves.toBeTruthy();
  });

  it('refuses to disable the last user of a team, listing the teams, and oneself', async () => {
    const { admin, org } = await organisation();
    const solo = await buildTeam({ organizationId: org.id, label: 'Solo' });
    const alone = await buildUser({ organizationId: org.id, teamIds: [solo.id], administratorOf: [solo.id] });
    const res = await call(admin, 'POST', `/api/users/${alone.id}/disable`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'team-last-member', details: { teams: ['Solo'] } });
    expect((await call(admin, 'POST', `/api/users/${admin.id}/disable`)).statusCode).toBe(403);
  });

  it('refuses to disable the last administrator of a team', async () => {
    const { admin, org, team } = await organisation();
    const lead = await buildUser({ organizationId: org.id, teamIds: [team.id], administratorOf: [team.id] });
    await t.app.inject({
      method: 'PUT',
      url: `/api/teams/${team.id}/members/${admin.id}`,
      headers: await signedInAs(admin),
      payload: { administrator: false },
    });
    const res = await call(admin, 'POST', `/api/users/${lead.id}/disable`);
    expect(res.json()).toMatchObject({ code: 'team-last-administrator', details: { teams: ['Principal'] } });
  });

  it('force-disconnect ends every session of the user (they may sign in again)', async () => {
    const { admin, agent } = await organisation();
    const one = await signIn(t.app, agent);
    const two = await signIn(t.app, agent);
    const res = await call(admin, 'POST', `/api/users/${agent.id}/force-disconnect`);
    expect(res.statusCode).toBe(204);
    for (const s of [one, two]) {
      expect(
        (
          await t.app.inject({
            method: 'GET',
            url: '/api/auth/profile',
            headers: { authorization: `Bearer ${s.jwt}` },
          })
        ).statusCode,
      ).toBe(401);
    }
    await expect(signIn(t.app, agent)).resolves.toBeTruthy();
  });

  it("answers 403 to a user and 404 for another organisation's user", async () => {
    const { admin, agent } = await organisation();
    const stranger = await buildUser();
    expect((await call(agent, 'POST', `/api/users/${admin.id}/force-disconnect`)).statusCode).toBe(403);
    expect((await call(admin, 'POST', `/api/users/${admin.id}/force-disconnect`)).statusCode).toBe(403);
    expect((await call(admin, 'POST', `/api/users/${stranger.id}/force-disconnect`)).statusCode).toBe(404);
    expect((await call(agent, 'POST', `/api/users/${admin.id}/disable`)).statusCode).toBe(403);
    expect((await call(admin, 'POST', `/api/users/${stranger.id}/disable`)).statusCode).toBe(404);
  });
});

describe('SIP line assignment', () => {
  it('a user takes, reads and frees their line; another user cannot take it', async () => {
    const { admin, agent } = await organisation();
    const line = `poste-${Date.now().toString(36)}`;
    const taken = await call(agent, 'PUT', `/api/sips/v1/users/assign/${line}`);
    expect(taken.json()).toEqual({ userId: agent.id, sipUsername: line });
    expect((await call(agent, 'GET', '/api/sips/v1/users/assigned')).json()).toEqual({
      userId: agent.id,
      sipUsername: line,
    });
    const clash = await call(admin, 'PUT', `/api/sips/v1/users/assign/${line}`);
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toMatchObject({ code: 'sip-line-taken' });
    expect((await call(agent, 'PUT', '/api/sips/v1/users/unassign')).json()).toEqual({
      userId: agent.id,
      sipUsername: null,
    });
    expect((await call(admin, 'PUT', `/api/sips/v1/users/assign/${line}`)).statusCode).toBe(200);
  });

  it("refuses a malformed line; only an administrator assigns another user's line, in their organisation", async () => {
    const { admin, agent } = await organisation();
    const stranger = await buildUser();
    expect((await call(agent, 'PUT', '/api/sips/v1/users/assign/a%20b')).statusCode).toBe(400);
    expect(
      (await call(agent, 'PUT', '/api/sips/v1/users/assign/+15145550199', { userId: admin.id })).statusCode,
    ).toBe(403);
    expect(
      (await call(admin, 'PUT', '/api/sips/v1/users/assign/+15145550199', { userId: stranger.id }))
        .statusCode,
    ).toBe(404);
    const ok = await call(admin, 'PUT', '/api/sips/v1/users/assign/+15145550199', { userId: agent.id });
    expect(ok.json()).toEqual({ userId: agent.id, sipUsername: '+15145550199' });
  });
});
