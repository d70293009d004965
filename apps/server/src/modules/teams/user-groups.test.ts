import { teamSchema, type Team } from '@accueil/domain';
import { describe, expect, it } from 'vitest';
import { buildOrganization, buildTeam, buildUser } from '../../test/factories';
import { signedInAs } from '../../test/signed-in';
import { useTestApp } from '../../test/test-app';

const t = useTestApp();

async function get(user: { id: string; organizationId: string }, url: string) {
  return t.app.inject({ method: 'GET', url, headers: await signedInAs(user) });
}

/** An organisation with three teams (the main one first by rule), a user in two of them, and another organisation. */
async function setup() {
  const org = await buildOrganization();
  const main = await buildTeam({ organizationId: org.id, main: true, label: 'Zèbre' });
  const accueil = await buildTeam({ organizationId: org.id, label: 'Accueil' });
  const billing = await buildTeam({ organizationId: org.id, label: 'Facturation' });
  const user = await buildUser({ organizationId: org.id, teamIds: [billing.id, main.id] });
  const stranger = await buildUser();
  return { main, accueil, billing, user, stranger };
}

describe("the spec's user groups", () => {
  it("GET /api/user-groups: every team of the organisation in the session's team shape, main first, then by label", async () => {
    const { main, accueil, billing, user, stranger } = await setup();
    const res = await get(user, '/api/user-groups');
    expect(res.statusCode).toBe(200);
    const groups = res.json<Team[]>();
    expect(groups.map((g) => g.id)).toEqual([main.id, accueil.id, billing.id]);
    for (const group of groups) expect(teamSchema.strict().parse(group)).toEqual(group);
    expect(groups[1]).toEqual({
      id: accueil.id,
      organizationId: user.organizationId,
      label: 'Accueil',
      phoneNumber: accueil.phoneNumber,
      main: false,
    });
    // Another organisation sees its own teams only.
    const theirs = (await get(stranger, '/api/user-groups')).json<Team[]>();
    expect(theirs.map((g) => g.organizationId)).toEqual([stranger.organizationId]);
  });

  it('GET /api/user-groups/belongs: only the signed-in user’s teams, as the session answers list them', async () => {
    const { main, billing, user } = await setup();
    const res = await get(user, '/api/user-groups/belongs');
    expect(res.statusCode).toBe(200);
    expect(res.json<Team[]>().map((g) => g.id)).toEqual([main.id, billing.id]);
    const profile = await get(user, '/api/auth/profile');
    expect(res.json()).toEqual(profile.json<{ userGroups: Team[] }>().userGroups);
  });

  it('answers 401 without a session', async () => {
    for (const url of ['/api/user-groups', '/api/user-groups/belongs'])
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
  });
});
