import type { AuditEvent, AuditEventPage, AuditVerification } from '@accueil/domain';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { auditEvents } from '../../db/schema/audit';
import { domainEvents, eventDeliveries } from '../../db/schema/domain-events';
import { withOrganization } from '../../db/tenant-scope';
import { deliverEvent } from '../../events/deliver-event';
import { buildAdmin, buildTeam, buildUser } from '../../test/factories';
import { signedInAs } from '../../test/signed-in';
import { useTestApp } from '../../test/test-app';
import { auditSubscriber } from './audit-subscriber';

/*
 * The audit entry of a disabled user is written by the audit subscriber from the `user.disabled`
 * domain event (docs/behaviour/events.md): after the delivery, with what the action's own call
 * recorded, once however often the event is delivered, in a chain that still verifies.
 */

const t = useTestApp();

async function auditLog(headers: Record<string, string>): Promise<AuditEvent[]> {
  const res = await t.app.inject({ method: 'GET', url: '/api/audit-events', headers });
  expect(res.statusCode).toBe(200);
  return res.json<AuditEventPage>().items;
}

async function disabledUser() {
  const team = await buildTeam({ main: true });
  const admin = await buildAdmin({
    organizationId: team.organizationId,
    teamIds: [team.id],
    administratorOf: [team.id],
    firstName: 'Alice',
    lastName: 'Admin',
  });
  const agent = await buildUser({ organizationId: team.organizationId, teamIds: [team.id] });
  const headers = await signedInAs(admin);
  await signedInAs(agent);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/users/${agent.id}/disable`,
    headers: { ...headers, 'user-agent': 'Poste accueil' },
  });
  expect(res.statusCode).toBe(200);
  const [event] = await t.deps.db
    .select()
    .from(domainEvents)
    .where(eq(domainEvents.organizationId, team.organizationId));
  return { organizationId: team.organizationId, admin, agent, headers, eventId: event!.id };
}

it('writes the user.disabled entry once the event is delivered by its job, with who, whom and from where', async () => {
  const { admin, agent, headers, eventId } = await disabledUser();
  // Recorded with the change, not yet in the audit log.
  expect((await auditLog(headers)).map((e) => e.action)).not.toContain('user.disabled');

  await t.jobs.start();
  await expect
    .poll(async () => (await auditLog(headers)).filter((e) => e.action === 'user.disabled'), {
      timeout: 15_000,
    })
    .toEqual([
      expect.objectContaining({
        actor: { id: admin.id, name: 'Alice Admin' },
        target: { type: 'user', id: agent.id },
        details: { sessionsEnded: 1 },
        ip: '127.0.0.1',
        userAgent: 'Poste accueil',
      }),
    ]);
  const [event] = await t.deps.db.select().from(domainEvents).where(eq(domainEvents.id, eventId));
  const [entry] = await t.deps.db.select().from(auditEvents).where(eq(auditEvents.eventId, eventId));
  // At the instant of the change, not of the delivery.
  expect(entry!.createdAt).toEqual(event!.occurredAt);
  const verified = await t.app.inject({ method: 'GET', url: '/api/audit-events/verification', headers });
  expect(verified.json<AuditVerification>()).toMatchObject({ status: 'intact' });
});

it('a user.disabled delivered again (its process died after the entry, before its delivery row) writes no second entry', async () => {
  const { organizationId, headers, eventId } = await disabledUser();
  const deliver = () =>
    withOrganization(organizationId, () => deliverEvent(t.deps, [auditSubscriber], eventId));
  const entries = async () => (await auditLog(headers)).filter((e) => e.action === 'user.disabled');

  expect(await deliver()).toEqual({ delivered: 1, skipped: 0, failed: 0 });
  expect(await entries()).toHaveLength(1);
  // As if the process had died between the entry and its delivery row.
  await t.deps.db.delete(eventDeliveries).where(eq(eventDeliveries.eventId, eventId));
  await t.deps.db.update(domainEvents).set({ deliveredAt: null }).where(eq(domainEvents.id, eventId));
  expect(await deliver()).toEqual({ delivered: 1, skipped: 0, failed: 0 });
  expect(await entries()).toHaveLength(1);
  const verified = await t.app.inject({ method: 'GET', url: '/api/audit-events/verification', headers });
  expect(verified.json<AuditVerification>()).toMatchObject({ status: 'intact' });
});
