import { type CreatedInvitationCode } from '@accueil/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEvents } from '../../db/schema/audit';
import { deliverRecordedEvents } from '../../test/domain-event-helpers';
import { buildUser } from '../../test/factories';
import { invitationCodeRequests } from '../../test/invitation-code-requests';
import { signedInAs } from '../../test/signed-in';
import { useTestApp } from '../../test/test-app';

const t = useTestApp();

const { devopsHeaders, newCode } = invitationCodeRequests(t);

/** The devops panel's invitation codes: created once in clear, listed, revoked, audited; devops only. */
describe('invitation codes (devops)', () => {
  it('creates a code shown once (12 characters in groups of 4), lists it without the code, newest first', async () => {
    const created = await newCode(7);
    expect(created.code).toMatch(/^[A-HJKMNP-Z2-9]{4}-[A-HJKMNP-Z2-9]{4}-[A-HJKMNP-Z2-9]{4}$/);
    expect(created).toMatchObject({
      status: 'open',
      label: 'Clinique test',
      usedAt: null,
      organization: null,
    });
    expect(new Date(created.expiresAt).getTime() - new Date(created.createdAt).getTime()).toBe(
      7 * 24 * 3600_000,
    );
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/devops/invitation-codes',
      headers: await devopsHeaders(),
    });
    const items = list.json<{ items: Record<string, unknown>[] }>().items;
    expect(items[0]).toMatchObject({ id: created.id, status: 'open' });
    expect(JSON.stringify(items)).not.toContain(created.code);
  });

  it("records creating and revoking a code in the devops user's organisation's audit log, never the code", async () => {
    const devops = await buildUser({ role: 'devops' });
    const headers = await signedInAs(devops);
    const created = (
      await t.app.inject({
        method: 'POST',
        url: '/api/devops/invitation-codes',
        headers,
        payload: { label: 'Audit' },
      })
    ).json<CreatedInvitationCode>();
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/devops/invitation-codes/${created.id}`, headers }))
        .statusCode,
    ).toBe(204);
    await deliverRecordedEvents(t.deps, devops.organizationId);
    const events = await t.deps.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.organizationId, devops.organizationId));
    expect(events.map((e) => [e.action, e.targetId, e.actorUserId])).toEqual([
      ['invitation-code.created', created.id, devops.id],
      ['invitation-code.revoked', created.id, devops.id],
    ]);
    expect(JSON.stringify(events)).not.toContain(created.code);
  });

  it('refuses every other role (403) and anonymous callers (401)', async () => {
    for (const role of ['user', 'admin', 'super-admin', 'marketing'] as const) {
      const headers = await signedInAs(await buildUser({ role }));
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/devops/invitation-codes', headers })).statusCode,
        role,
      ).toBe(403);
      expect(
        (await t.app.inject({ method: 'POST', url: '/api/devops/invitation-codes', headers, payload: {} }))
          .statusCode,
        role,
      ).toBe(403);
    }
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/devops/invitation-codes', payload: {} })).statusCode,
    ).toBe(401);
  });
});
