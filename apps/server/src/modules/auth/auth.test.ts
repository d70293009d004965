import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, buildOrganization, buildTeam, buildUser, signIn } from '../../test/factories';
import { createTestApp } from '../../test/test-app';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('POST /api/auth/login', () => {
  it('signs in with the right password and answers the session context', async () => {
    const org = await buildOrganization(t.deps.db);
    const team = await buildTeam(t.deps.db, { organizationId: org.id, main: true });
    const user = await buildUser(t.deps.db, { organizationId: org.id, teamIds: [team.id] });
    const { jwt, body } = await signIn(t.app, user);
    expect(body.user.id).toBe(user.id);
    expect(body.userGroup?.id).toBe(team.id);
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/profile', headers: authHeader(jwt) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ user: { id: user.id }, organization: { id: org.id } });
  });
});
