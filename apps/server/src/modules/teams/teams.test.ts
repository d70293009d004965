import type { TeamConfig } from '@accueil/domain';
import { describe, expect, it } from 'vitest';
import { buildConversation } from '../../test/conversation-factories';
import { buildOrganization, buildTeam, buildUser, randomPhoneNumber } from '../../test/factories';
import { signedInAs } from '../../test/signed-in';
import { useTestApp } from '../../test/test-app';

const t = useTestApp();

/** An organisation with a team that `admin` (role admin, flagged) and `agent` (user) belong to. */
async function organisation() {
  const org = await buildOrganization();
  const team = await buildTeam({ organizationId: org.id, label: 'Principal', main: true });
  const admin = await buildUser({
    organizationId: org.id,
    teamIds: [team.id],
    role: 'admin',
    administratorOf: [team.id],
    firstName: 'Ada',
    lastName: 'Admin',
  });
  const agent = await buildUser({
    organizationId: org.id,
    teamIds: [team.id],
    firstName: 'Alex',
    lastName: 'Agent',
  });
  return { org, team, admin, agent };
}

async function call(
  user: { id: string; organizationId: string },
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) {
  return t.app.inject({ method, url, headers: await signedInAs(user), ...(payload ? { payload } : {}) });
}

describe('GET /api/teams', () => {
  it('lists every team of the organisation with its members, and what the reader is in each', async () => {
    const { org, team, admin, agent } = await organisation();
    const other = await buildTeam({ organizationId: org.id, label: 'Hygiène' });
    await buildUser({ organizationId: org.id, teamIds: [other.id], administratorOf: [other.id] });
    const res = await call(agent, 'GET', '/api/teams');
    expect(res.statusCode).toBe(200);
    const list = res.json<TeamConfig[]>();
    expect(list.map((x) => x.label)).toEqual(['Principal', 'Hygiène']);
    const mine = list[0]!;
    expect(mine).toMatchObject({
      id: team.id,
      isMember: true,
      isAdministrator: false,
      defaultInbox: 'sms',
      email: null,
    });
    expect(mine.members).toEqual([
      { userId: admin.id, displayName: 'Ada Admin', administrator: true },
      { userId: agent.id, displayName: 'Alex Agent', administrator: false },
    ]);
    expect(list[1]).toMatchObject({ isMember: false, isAdministrator: false });
  });

  it("never shows another organisation's teams", async () => {
    const a = await organisation();
    const b = await organisation();
    const res = await call(a.agent, 'GET', '/api/teams');
    expect(res.json<TeamConfig[]>().map((x) => x.id)).not.toContain(b.team.id);
  });
});

describe('POST /api/teams', () => {
  it('creates a team with its members, an administrator among them', async () => {
    const { admin, agent } = await organisation();
    const res = await call(admin, 'POST', '/api/teams', {
      label: 'Urgences',
      email: 'urgences@clinique.test',
      phoneNumber: randomPhoneNumber(),
      defaultInbox: 'calls',
      members: [
        { userId: admin.id, administrator: true },
        { userId: agent.id, administrator: false },
      ],
    });
    expect(res.statusCode).toBe(201);
    expect(res.json<TeamConfig>()).toMatchObject({
      label: 'Urgences',
      email: 'urgences@clinique.test',
      defaultInbox: 'calls',
      isMember: true,
      isAdministrator: true,
    });
    expect(res.json<TeamConfig>().members).toHaveLength(2);
  });

  it('refuses a team without an administrator', async () => {
    const { admin, agent } = await organisation();
    const res = await call(admin, 'POST', '/api/teams', {
      label: 'Sans chef',
      members: [{ userId: agent.id, administrator: false }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation-failed' });
  });

  it('refuses a label another team of the organisation has, whatever its case', async () => {
    const { admin } = await organisation();
    const res = await call(admin, 'POST', '/api/teams', {
      label: 'PRINCIPAL',
      members: [{ userId: admin.id, administrator: true }],
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'team-label-taken', message: 'The team name must be unique.' });
  });

  it("allows a label another organisation's team has", async () => {
    await organisation();
    const { admin } = await organisation();
    const res = await call(admin, 'POST', '/api/teams', {
      label: 'Hygiène',
      members: [{ userId: admin.id, administrator: true }],
    });
    expect(res.statusCode).toBe(201);
  });

  it('refuses an e-mail a user or another team of the organisation has', async () => {
    const { admin, agent } = await organisation();
    const asUser = await call(admin, 'POST', '/api/teams', {
      label: 'A',
      email: agent.email.toUpperCase(),
      members: [{ userId: admin.id, administrator: true }],
    });
    expect(asUser.statusCode).toBe(409);
    expect(asUser.json()).toMatchObject({ code: 'email-taken', message: 'This email is already in use' });
    await call(admin, 'POST', '/api/teams', {
      label: 'B',
      email: 'b@clinique.test',
      members: [{ userId: admin.id, administrator: true }],
    });
    const asTeam = await call(admin, 'POST', '/api/teams', {
      label: 'C',
      email: 'b@clinique.test',
      members: [{ userId: admin.id, administrator: true }],
    });
    expect(asTeam.json()).toMatchObject({ code: 'email-taken' });
  });

  it("refuses the organisation's own e-mail, whatever its case", async () => {
    const { admin } = await organisation();
    expect(
      (await call(admin, 'PUT', '/api/organizations', { email: 'accueil@clinique.test' })).statusCode,
    ).toBe(200);
    const res = await call(admin, 'POST', '/api/teams', {
      label: 'D',
      email: 'Accueil@Clinique.test',
      members: [{ userId: admin.id, administrator: true }],
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'email-taken', message: 'This email is already in use' });
  });

  it('is for administrators only (403), and a member of another organisation is not found (404)', async () => {
    const { admin, agent } = await organisation();
    const forbidden = await call(agent, 'POST', '/api/teams', {
      label: 'X',
      members: [{ userId: agent.id, administrator: true }],
    });
    expect(forbidden.statusCode).toBe(403);
    const stranger = await buildUser();
    const foreign = await call(admin, 'POST', '/api/teams', {
      label: 'Y',
      members: [{ userId: stranger.id, administrator: true }],
    });
    expect(foreign.statusCode).toBe(404);
  });
});

describe('PUT /api/teams/:id', () => {
  it('changes label, e-mail, number and default inbox', async () => {
    const { admin, team } = await organisation();
    const res = await call(admin, 'PUT', `/api/teams/${team.id}`, {
      label: 'Accueil',
      email: 'accueil@clinique.test',
      defaultInbox: 'email',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<TeamConfig>()).toMatchObject({
      label: 'Accueil',
      email: 'accueil@clinique.test',
      defaultInbox: 'email',
    });
  });

  it("answers 403 to a user, 404 for another organisation's team", async () => {
    const { agent, team } = await organisation();
    expect((await call(agent, 'PUT', `/api/teams/${team.id}`, { label: 'Z' })).statusCode).toBe(403);
    const other = await organisation();
    expect((await call(other.admin, 'PUT', `/api/teams/${team.id}`, { label: 'Z' })).statusCode).toBe(404);
  });
});

describe('team members', () => {
  it('an organisation administrator adds a user to a team and makes them its administrator', async () => {
    const { org, admin, agent } = await organisation();
    const hygiene = await buildTeam({ organizationId: org.id, label: 'Hygiène' });
    await buildUser({ organizationId: org.id, teamIds: [hygiene.id], administratorOf: [hygiene.id] });
    const added = await call(admin, 'PUT', `/api/teams/${hygiene.id}/members/${agent.id}`, {
      administrator: false,
    });
    expect(added.statusCode).toBe(200);
    expect(added.json<TeamConfig>().members.map((m) => m.userId)).toContain(agent.id);
    const promoted = await call(admin, 'PUT', `/api/teams/${hygiene.id}/members/${agent.id}`, {
      administrator: true,
    });
    expect(promoted.json<TeamConfig>().members.find((m) => m.userId === agent.id)?.administrator).toBe(true);
  });

  it('a user cannot join another team themselves (403); a team administrator adds members but does not promote', async () => {
    const { org, agent } = await organisation();
    const hygiene = await buildTeam({ organizationId: org.id, label: 'Hygiène' });
    const lead = await buildUser({
      organizationId: org.id,
      teamIds: [hygiene.id],
      administratorOf: [hygiene.id],
    });
    const self = await call(agent, 'PUT', `/api/teams/${hygiene.id}/members/${agent.id}`, {
      administrator: false,
    });
    expect(self.statusCode).toBe(403);
    const byLead = await call(lead, 'PUT', `/api/teams/${hygiene.id}/members/${agent.id}`, {
      administrator: false,
    });
    expect(byLead.statusCode).toBe(200);
    const promote = await call(lead, 'PUT', `/api/teams/${hygiene.id}/members/${agent.id}`, {
      administrator: true,
    });
    expect(promote.statusCode).toBe(403);
  });

  it('refuses to remove the last administrator or the last user, naming the team', async () => {
    const { org, admin, agent, team } = await organisation();
    const lastAdmin = await call(admin, 'DELETE', `/api/teams/${team.id}/members/${admin.id}`);
    expect(lastAdmin.statusCode).toBe(409);
    expect(lastAdmin.json()).toMatchObject({
      code: 'team-last-administrator',
      details: { teams: ['Principal'] },
    });
    expect(lastAdmin.json<{ message: string }>().message).toContain('Principal');
    const solo = await buildTeam({ organizationId: org.id, label: 'Solo' });
    await call(admin, 'PUT', `/api/teams/${solo.id}/members/${agent.id}`, { administrator: true });
    const lastMember = await call(admin, 'DELETE', `/api/teams/${solo.id}/members/${agent.id}`);
    expect(lastMember.json()).toMatchObject({ code: 'team-last-member', details: { teams: ['Solo'] } });
  });

  it('counts no disabled administrator: the last active one can be neither removed nor demoted', async () => {
    const { org, admin, team } = await organisation();
    await buildUser({
      organizationId: org.id,
      teamIds: [team.id],
      administratorOf: [team.id],
      disabledAt: new Date('2026-01-05T12:00:00Z'),
    });
    const removed = await call(admin, 'DELETE', `/api/teams/${team.id}/members/${admin.id}`);
    expect(removed.statusCode).toBe(409);
    expect(removed.json()).toMatchObject({
      code: 'team-last-administrator',
      details: { teams: ['Principal'] },
    });
    const demoted = await call(admin, 'PUT', `/api/teams/${team.id}/members/${admin.id}`, {
      administrator: false,
    });
    expect(demoted.statusCode).toBe(409);
    expect(demoted.json()).toMatchObject({
      code: 'team-last-administrator',
      details: { teams: ['Principal'] },
    });
  });

  it('refuses to demote the last administrator', async () => {
    const { admin, team } = await organisation();
    const res = await call(admin, 'PUT', `/api/teams/${team.id}/members/${admin.id}`, {
      administrator: false,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'team-last-administrator' });
  });

  it('removing a user from their current team moves them to another of theirs and closes its inbox to them', async () => {
    const { org, admin, agent, team } = await organisation();
    const hygiene = await buildTeam({ organizationId: org.id, label: 'Hygiène' });
    await call(admin, 'PUT', `/api/teams/${hygiene.id}/members/${admin.id}`, { administrator: true });
    await call(admin, 'PUT', `/api/teams/${hygiene.id}/members/${agent.id}`, { administrator: false });
    const headers = await signedInAs(agent);
    const conversation = await buildConversation({ organizationId: org.id, teamId: team.id });
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/conversations/${conversation.id}`, headers }))
        .statusCode,
    ).toBe(200);
    const removed = await call(admin, 'DELETE', `/api/teams/${team.id}/members/${agent.id}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json<TeamConfig>().members.map((m) => m.userId)).not.toContain(agent.id);
    const profile = await t.app.inject({ method: 'GET', url: '/api/auth/profile', headers });
    expect(profile.json()).toMatchObject({ userGroup: { id: hygiene.id }, userGroups: [{ id: hygiene.id }] });
    const old = await t.app.inject({ method: 'GET', url: `/api/conversations/${conversation.id}`, headers });
    expect(old.statusCode).toBe(404);
  });

  it("answers 404 for another organisation's team or user, and for a non-member", async () => {
    const a = await organisation();
    const b = await organisation();
    expect((await call(a.admin, 'PUT', `/api/teams/${b.team.id}/members/${a.agent.id}`, {})).statusCode).toBe(
      404,
    );
    expect((await call(a.admin, 'PUT', `/api/teams/${a.team.id}/members/${b.agent.id}`, {})).statusCode).toBe(
      404,
    );
    expect((await call(a.admin, 'DELETE', `/api/teams/${b.team.id}/members/${b.agent.id}`)).statusCode).toBe(
      404,
    );
    expect((await call(a.admin, 'DELETE', `/api/teams/${a.team.id}/members/${b.agent.id}`)).statusCode).toBe(
      404,
    );
  });
});
