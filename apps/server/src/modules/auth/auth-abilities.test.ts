import type { LoginResponse, SessionContext } from '@accueil/domain';
import { describe, expect, it } from 'vitest';
import { authHeader, buildOrganization, buildTeam, buildUser, signIn } from '../../test/factories';
import { useTestApp } from '../../test/test-app';

const t = useTestApp();

describe('abilities shipped to the web app', () => {
  it("the sign-in, profile and team answers carry what the user's role allows", async () => {
    const org = await buildOrganization();
    const team = await buildTeam({ organizationId: org.id });
    const agent = await buildUser({ organizationId: org.id, teamIds: [team.id] });
    const devops = await buildUser({ organizationId: org.id, teamIds: [team.id], role: 'devops' });

    const asAgent = await signIn(t.app, agent);
    expect(asAgent.body.abilities).toMatchObject({
      'conversation.create': true,
      'devops.view': false,
      'automation.edit': false,
      'team.addMember': false,
    });
    const asDevops = await signIn(t.app, devops);
    expect(asDevops.body.abilities).toMatchObject({
      'devops.view': true,
      'automation.edit': true,
      'team.addMember': true,
    });

    const profile = await t.app.inject({
      method: 'GET',
      url: '/api/auth/profile',
      headers: authHeader(asAgent.jwt),
    });
    expect(profile.json<SessionContext>().abilities).toEqual(asAgent.body.abilities);
    const switched = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/user-group',
      headers: authHeader(asDevops.jwt),
      payload: { userGroup: team.id },
    });
    expect(switched.json<LoginResponse>().abilities['devops.view']).toBe(true);
  });
});
