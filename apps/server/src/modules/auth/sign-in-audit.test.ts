import { LOGIN_MAX_FAILURES, type AuditEvent, type AuditEventPage, type MachineList } from '@accueil/domain';
import { describe, expect, it } from 'vitest';
import { passkeys } from '../../db/schema/sign-in';
import { deliverRecordedEvents } from '../../test/domain-event-helpers';
import { buildAdmin, buildUser } from '../../test/factories';
import { mailsTo, waitForMail } from '../../test/sandbox-mail';
import { passwordSignIn } from '../../test/sign-in-helpers';
import { signedInAs } from '../../test/signed-in';
import { useTestApp } from '../../test/test-app';

/*
 * Sign-in security in the audit log (refused attempts in their own transaction; the rest from
 * the domain events of the changes, delivered as the jobs would, before the next step) and the
 * mail after repeated failures (once per window, whatever the number of failures past it).
 */

const t = useTestApp();
const ATTACKER = '203.0.113.66';

async function organisation() {
  const admin = await buildAdmin();
  const user = await buildUser({ organizationId: admin.organizationId });
  return { admin, user, headers: await signedInAs(admin) };
}

async function events(headers: Record<string, string>): Promise<AuditEvent[]> {
  const res = await t.app.inject({ method: 'GET', url: '/api/audit-events', headers });
  expect(res.statusCode).toBe(200);
  return res.json<AuditEventPage>().items;
}

const actionsOf = async (headers: Record<string, string>) =>
  (await events(headers)).map((e) => e.action).reverse();

describe('sign-in security in the audit log', () => {
  it('records the refused attempts of a locked source (sign-in.throttled), with the user as actor', async () => {
    const { user, headers } = await organisation();
    for (let i = 0; i < LOGIN_MAX_FAILURES + 2; i++)
      await passwordSignIn(t.app, { username: user.username, password: 'guess', address: ATTACKER });
    const list = await events(headers);
    expect(list.filter((e) => e.action === 'sign-in.failed')).toHaveLength(LOGIN_MAX_FAILURES);
    const throttled = list.filter((e) => e.action === 'sign-in.throttled');
    expect(throttled).toHaveLength(2);
    expect(throttled[0]).toMatchObject({
      actor: { id: user.id },
      target: { type: 'user', id: user.id },
      ip: ATTACKER,
      details: { knownDevice: false },
    });
  });

  it('records a sign-in refused on an unknown machine (sign-in.blocked) and a machine allowed in setup mode', async () => {
    const { user, headers } = await organisation();
    const mode = (m: string) =>
      t.app.inject({ method: 'PUT', url: '/api/auth/machines/mode', headers, payload: { mode: m } });
    expect((await mode('setup')).statusCode).toBe(200);
    const office = await passwordSignIn(t.app, user);
    // The same machine again is no new machine.
    await passwordSignIn(t.app, { ...user, device: office.device });
    expect((await mode('enabled')).statusCode).toBe(200);
    await deliverRecordedEvents(t.deps, user.organizationId);
    expect((await passwordSignIn(t.app, user)).statusCode).toBe(403);
    const list = await events(headers);
    const [machine] = (
      await t.app.inject({ method: 'GET', url: '/api/auth/machines', headers })
    ).json<MachineList>().machines;
    expect(list.filter((e) => e.action === 'machine.allowed')).toEqual([
      expect.objectContaining({
        actor: expect.objectContaining({ id: user.id }),
        target: { type: 'machine', id: machine!.id },
      }),
    ]);
    expect(list.filter((e) => e.action === 'organization.settings-changed').map((e) => e.details)).toEqual([
      { fields: ['machineMode'] },
      { fields: ['machineMode'] },
    ]);
    expect(list[0]).toMatchObject({
      action: 'sign-in.blocked',
      actor: { id: user.id },
      details: { reason: 'machine-not-allowed' },
    });
  });

  it('records a machine revoked by an administrator', async () => {
    const { user, headers } = await organisation();
    await t.app.inject({
      method: 'PUT',
      url: '/api/auth/machines/mode',
      headers,
      payload: { mode: 'setup' },
    });
    await passwordSignIn(t.app, user);
    const [machine] = (
      await t.app.inject({ method: 'GET', url: '/api/auth/machines', headers })
    ).json<MachineList>().machines;
    await t.app.inject({
      method: 'PUT',
      url: `/api/auth/machines/${machine!.id}`,
      headers,
      payload: { name: 'Accueil 1' },
    });
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/auth/machines/${machine!.id}`, headers }))
        .statusCode,
    ).toBe(204);
    await deliverRecordedEvents(t.deps, user.organizationId);
    expect((await events(headers))[0]).toMatchObject({
      action: 'machine.revoked',
      target: { type: 'machine', id: machine!.id },
      details: { name: 'Accueil 1' },
    });
  });

  it('records a passkey removed, and nothing for another user’s passkey (404)', async () => {
    const { admin, user, headers } = await organisation();
    const [key] = await t.deps.db
      .insert(passkeys)
      .values({
        organizationId: user.organizationId,
        userId: user.id,
        credentialId: crypto.randomUUID(),
        publicKey: 'AA',
        aaguid: 'ea9b8d66-4d01-1d21-3ce4-b6b48cb575d4',
      })
      .returning();
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/auth/passkeys/${key!.id}`, headers })).statusCode,
    ).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/api/auth/passkeys/${key!.id}`,
          headers: await signedInAs(user),
        })
      ).statusCode,
    ).toBe(204);
    await deliverRecordedEvents(t.deps, user.organizationId);
    const removed = (await events(headers)).filter((e) => e.action === 'passkey.removed');
    expect(removed).toEqual([
      expect.objectContaining({
        actor: expect.objectContaining({ id: user.id }),
        target: { type: 'passkey', id: key!.id },
      }),
    ]);
    expect(removed[0]!.actor.id).not.toBe(admin.id);
  });

  it('records signing out of every device, not a plain sign-out', async () => {
    const { user, headers } = await organisation();
    const mine = await signedInAs(user);
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: await signedInAs(user),
      payload: {},
    });
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/auth/logout',
          headers: mine,
          payload: { revokeAll: true },
        })
      ).statusCode,
    ).toBe(204);
    await deliverRecordedEvents(t.deps, user.organizationId);
    expect(await actionsOf(headers)).toEqual(['session.signed-out-everywhere']);
    expect((await events(headers))[0]).toMatchObject({
      actor: { id: user.id },
      target: { type: 'user', id: user.id },
      details: { sessions: 1 },
    });
  });
});

describe('the mail after repeated failed sign-ins', () => {
  it('is sent once per window at the LOGIN_MAX_FAILURES-th failure, with the count and the address', async () => {
    const user = await buildUser();
    for (let i = 0; i < LOGIN_MAX_FAILURES - 1; i++)
      await passwordSignIn(t.app, { username: user.username, password: 'guess', address: ATTACKER });
    expect(await mailsTo(t.app, user.email)).toHaveLength(0);
    await passwordSignIn(t.app, { username: user.username, password: 'guess', address: '198.51.100.7' });
    const mail = await waitForMail(t.app, user.email);
    expect(mail.text).toContain('198.51.100.7');
    expect(mail.text).toContain(`${LOGIN_MAX_FAILURES}`);
    // More failures within the window, from elsewhere too: no second mail.
    for (let i = 0; i < 3; i++)
      await passwordSignIn(t.app, { username: user.username, password: 'guess', address: `192.0.2.${i}` });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await mailsTo(t.app, user.email)).toHaveLength(1);
  });

  it('is never sent for an unknown username', async () => {
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++)
      await passwordSignIn(t.app, { username: 'nobody-here', password: 'guess', address: ATTACKER });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await mailsTo(t.app, 'nobody-here@example.test')).toHaveLength(0);
  });
});
