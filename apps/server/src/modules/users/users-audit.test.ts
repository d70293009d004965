import type { AuditEvent, AuditEventPage } from '@accueil/domain';
import { describe, expect, it } from 'vitest';
import { deliverRecordedEvents, domainEventsOf } from '../../test/domain-event-helpers';
import { buildOrganization, buildTeam, buildUser } from '../../test/factories';
import { signedInAs } from '../../test/signed-in';
import { useTestApp } from '../../test/test-app';

/*
 * What administrators do to users is in the audit log, written by the audit subscriber once
 * the domain event recorded with the action is delivered: a refused action records nothing.
 */

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
  const headers = await signedInAs(admin);
  const call = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  return { org, team, admin, agent, headers, call };
}

/** The organisation's audit log, oldest first, once its recorded events are delivered. */
/**
 * The organisation's audit entries, in the order their events happened: the queue's workers and
 * `deliverRecordedEvents` may record them in another order (delivery is not ordered:
 * docs/behaviour/events.md), which the log's `seq` then follows.
 */
async function events(organizationId: string, headers: Record<string, string>): Promise<AuditEvent[]> {
  await deliverRecordedEvents(t.deps, organizationId);
  const res = await t.app.inject({ method: 'GET', url: '/api/audit-events', headers });
  expect(res.statusCode).toBe(200);
  return res
    .json<AuditEventPage>()
    .items.reverse()
    .sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt));
}

describe('audit of user administration', () => {
  it('records a role change with from and to, and nothing when the role stays', async () => {
    const { org, admin, agent, headers, call } = await organisation();
    expect((await call('PUT', `/api/users/${agent.id}`, { role: 'marketing' })).statusCode).toBe(200);
    expect(
      (await call('PUT', `/api/users/${agent.id}`, { role: 'marketing', firstName: 'Zoé' })).statusCode,
    ).toBe(200);
    const list = await events(org.id, headers);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      action: 'user.role-changed',
      actor: { id: admin.id },
      target: { type: 'user', id: agent.id },
      details: { from: 'user', to: 'marketing' },
    });
  });

  it('records a user disabled and enabled again, and nothing for a refused disable (oneself)', async () => {
    const { org, admin, agent, headers, call } = await organisation();
    await signedInAs(agent);
    expect((await call('POST', `/api/users/${admin.id}/disable`)).statusCode).toBe(403);
    expect((await call('POST', `/api/users/${agent.id}/disable`)).statusCode).toBe(200);
    await deliverRecordedEvents(t.deps, org.id);
    expect((await call('POST', `/api/users/${agent.id}/enable`)).statusCode).toBe(200);
    // Enabling a user who is not disabled changes nothing and records nothing.
    expect((await call('POST', `/api/users/${agent.id}/enable`)).statusCode).toBe(200);
    const list = await events(org.id, headers);
    expect(list.map((e) => e.action)).toEqual(['user.disabled', 'user.enabled']);
    expect(list[0]).toMatchObject({
      actor: { id: admin.id },
      target: { type: 'user', id: agent.id },
      details: { sessionsEnded: 1 },
    });
  });

  it('records a forced disconnect with the sessions it ended', async () => {
    const { org, agent, headers, call } = await organisation();
    await signedInAs(agent);
    await signedInAs(agent);
    expect((await call('POST', `/api/users/${agent.id}/force-disconnect`)).statusCode).toBe(204);
    const list = await events(org.id, headers);
    expect(list).toEqual([
      expect.objectContaining({
        action: 'session.forced-disconnect',
        target: { type: 'user', id: agent.id },
        details: { sessionsEnded: 2 },
      }),
    ]);
  });
});

describe('audit of team membership', () => {
  it('records a member added, made administrator, and removed; nothing when nothing changes', async () => {
    const { org, admin, agent, headers, call } = await organisation();
    const hygiene = await buildTeam({ organizationId: org.id, label: 'Hygiène' });
    expect(
      (await call('PUT', `/api/teams/${hygiene.id}/members/${agent.id}`, { administrator: false }))
        .statusCode,
    ).toBe(200);
    expect(
      (await call('PUT', `/api/teams/${hygiene.id}/members/${agent.id}`, { administrator: false }))
        .statusCode,
    ).toBe(200);
    expect(
      (await call('PUT', `/api/teams/${hygiene.id}/members/${admin.id}`, { administrator: true })).statusCode,
    ).toBe(200);
    expect(
      (await call('PUT', `/api/teams/${hygiene.id}/members/${agent.id}`, { administrator: true })).statusCode,
    ).toBe(200);
    expect((await call('DELETE', `/api/teams/${hygiene.id}/members/${agent.id}`)).statusCode).toBe(200);
    const list = await events(org.id, headers);
    expect(list.map((e) => [e.action, e.target?.id, e.details])).toEqual([
      ['user.teams-changed', agent.id, { teamId: hygiene.id, change: 'added', administrator: false }],
      ['user.teams-changed', admin.id, { teamId: hygiene.id, change: 'added', administrator: true }],
      ['user.teams-changed', agent.id, { teamId: hygiene.id, change: 'administrator', administrator: true }],
      ['user.teams-changed', agent.id, { teamId: hygiene.id, change: 'removed' }],
    ]);
  });

  it('records nothing for a refused removal (the team’s last member)', async () => {
    const { org, agent, headers, call } = await organisation();
    const solo = await buildTeam({ organizationId: org.id, label: 'Solo' });
    await call('PUT', `/api/teams/${solo.id}/members/${agent.id}`, { administrator: true });
    const refused = await call('DELETE', `/api/teams/${solo.id}/members/${agent.id}`);
    expect(refused.statusCode).toBe(409);
    expect((await events(org.id, headers)).map((e) => e.details)).toEqual([
      { teamId: solo.id, change: 'added', administrator: true },
    ]);
  });
});

describe('domain event of user administration', () => {
  it('disabling records user.disabled once, with the sessions it ended; nothing when refused or already disabled', async () => {
    const { org, admin, agent, call } = await organisation();
    await signedInAs(agent);
    await signedInAs(agent);
    // Oneself (403), then a team's last member (409): refused, no event.
    expect((await call('POST', `/api/users/${admin.id}/disable`)).statusCode).toBe(403);
    const solo = await buildTeam({ organizationId: org.id, label: 'Solo' });
    const alone = await buildUser({ organizationId: org.id, teamIds: [solo.id], administratorOf: [solo.id] });
    expect((await call('POST', `/api/users/${alone.id}/disable`)).statusCode).toBe(409);
    expect(await domainEventsOf(org.id)).toEqual([]);

    expect((await call('POST', `/api/users/${agent.id}/disable`)).statusCode).toBe(200);
    expect((await call('POST', `/api/users/${agent.id}/disable`)).statusCode).toBe(200);
    expect(await domainEventsOf(org.id)).toEqual([
      {
        name: 'user.disabled',
        actorUserId: admin.id,
        payload: { userId: agent.id, sessionIds: [expect.any(String), expect.any(String)] },
      },
    ]);
  });
});
