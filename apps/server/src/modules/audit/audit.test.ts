import type { AuditEvent, AuditEventPage, AuditVerification } from '@accueil/domain';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEvents } from '../../db/schema/audit';
import { withOrganization } from '../../db/tenant-scope';
import { buildConversation } from '../../test/conversation-factories';
import { asDatabaseOwner } from '../../test/database-owner';
import { deliverRecordedEvents } from '../../test/domain-event-helpers';
import { buildAdmin, buildUser, signIn } from '../../test/factories';
import { keepOlderSessions } from '../../test/sign-in-helpers';
import { signedInAs } from '../../test/signed-in';
import { useTestApp } from '../../test/test-app';
import { auditHash } from './audit-hash';
import { recordAuditEvent } from './index';

const t = useTestApp();

/** What an intruder with the owner's password could do: past row-level security and the grants. */
const asOwner = (text: string) => asDatabaseOwner(t.deps.db, text);

async function events(headers: Record<string, string>, query = ''): Promise<AuditEvent[]> {
  const res = await t.app.inject({ method: 'GET', url: `/api/audit-events${query}`, headers });
  expect(res.statusCode).toBe(200);
  return res.json<AuditEventPage>().items;
}

async function verification(headers: Record<string, string>): Promise<AuditVerification> {
  const res = await t.app.inject({ method: 'GET', url: '/api/audit-events/verification', headers });
  expect(res.statusCode).toBe(200);
  return res.json<AuditVerification>();
}

/**
 * An administrator signed in (without an audited sign-in) and the organisation's id. The
 * organisation keeps older sessions: the tests' later sign-ins must not end this one.
 */
async function adminOfNewOrganization() {
  const admin = await buildAdmin({ firstName: 'Alice', lastName: 'Admin' });
  await keepOlderSessions(admin.organizationId);
  return { admin, headers: await signedInAs(admin) };
}

describe('audit log', () => {
  it('records a sign-in, with who, when and from where, and a wrong password', async () => {
    const { admin, headers } = await adminOfNewOrganization();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: admin.username, password: 'wrong-password-1' },
      headers: { 'user-agent': 'Test agent' },
    });
    expect(res.statusCode).toBe(401);
    await signIn(t.app, admin);
    await deliverRecordedEvents(t.deps, admin.organizationId);
    const [success, failure] = await events(headers);
    expect(success).toMatchObject({
      seq: 2,
      action: 'sign-in.succeeded',
      actor: { id: admin.id, name: 'Alice Admin' },
      ip: '127.0.0.1',
      target: { type: 'session' },
    });
    expect(failure).toMatchObject({
      seq: 1,
      action: 'sign-in.failed',
      actor: { id: admin.id, name: 'Alice Admin' },
      userAgent: 'Test agent',
      details: { reason: 'wrong-password' },
    });
    expect(Date.now() - Date.parse(success!.createdAt)).toBeLessThan(60_000);
  });

  it('records a conversation deleted, from its domain event: a refused deletion records nothing', async () => {
    const { admin, headers } = await adminOfNewOrganization();
    const conversation = await buildConversation({
      organizationId: admin.organizationId,
      teamId: admin.currentTeamId!,
    });
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/conversations/${conversation.id}`,
      headers,
    });
    expect(deleted.statusCode).toBe(204);
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/conversations/${conversation.id}`,
      headers,
    });
    expect(again.statusCode).toBe(404);
    await deliverRecordedEvents(t.deps, admin.organizationId);
    const list = await events(headers);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      action: 'conversation.deleted',
      actor: { id: admin.id },
      target: { type: 'conversation', id: conversation.id },
    });
  });

  it('is for administrators only (403 for other roles, on both routes)', async () => {
    const user = await buildUser();
    const headers = await signedInAs(user);
    for (const url of ['/api/audit-events', '/api/audit-events/verification']) {
      const res = await t.app.inject({ method: 'GET', url, headers });
      expect({ url, status: res.statusCode, code: res.json<{ code: string }>().code }).toEqual({
        url,
        status: 403,
        code: 'forbidden',
      });
    }
  });

  it("shows an organisation's events to its administrators only", async () => {
    const a = await adminOfNewOrganization();
    const b = await adminOfNewOrganization();
    await signIn(t.app, a.admin);
    await deliverRecordedEvents(t.deps, a.admin.organizationId);
    expect(await events(b.headers)).toEqual([]);
    expect(await events(a.headers)).toHaveLength(1);
    expect(await verification(b.headers)).toMatchObject({ status: 'intact', checked: 0 });
  });

  it('filters by action, actor and dates, and pages by cursor without gaps or repeats', async () => {
    const { admin, headers } = await adminOfNewOrganization();
    const other = await buildUser({ organizationId: admin.organizationId });
    const at = (minute: number) => new Date(Date.UTC(2026, 0, 10, 9, minute));
    await withOrganization(admin.organizationId, () =>
      t.deps.db.transaction(async (tx) => {
        for (let i = 0; i < 6; i++) {
          const actor = i % 2 === 0 ? admin : other;
          await recordAuditEvent(tx, {
            organizationId: admin.organizationId,
            actor: { userId: actor.id },
            action: i < 4 ? 'sign-in.succeeded' : 'sign-in.failed',
            now: at(i),
          });
        }
      }),
    );
    expect((await events(headers, '?action=sign-in.failed')).map((e) => e.seq)).toEqual([6, 5]);
    expect((await events(headers, `?actorId=${other.id}`)).map((e) => e.seq)).toEqual([6, 4, 2]);
    const from = encodeURIComponent(at(1).toISOString());
    const to = encodeURIComponent(at(3).toISOString());
    expect((await events(headers, `?from=${from}&to=${to}`)).map((e) => e.seq)).toEqual([3, 2]);
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/audit-events?limit=4${cursor ? `&cursor=${cursor}` : ''}`,
        headers,
      });
      const page: AuditEventPage = res.json<AuditEventPage>();
      seen.push(...page.items.map((e) => e.seq));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual([6, 5, 4, 3, 2, 1]);
    const bad = await t.app.inject({ method: 'GET', url: '/api/audit-events?action=unknown', headers });
    expect(bad.statusCode).toBe(400);
  });

  it('keeps one chain when events are recorded concurrently for one organisation', async () => {
    const { admin, headers } = await adminOfNewOrganization();
    await Promise.all(
      Array.from({ length: 12 }, () =>
        withOrganization(admin.organizationId, () =>
          t.deps.db.transaction((tx) =>
            recordAuditEvent(tx, {
              organizationId: admin.organizationId,
              actor: { userId: admin.id },
              action: 'contacts.exported',
            }),
          ),
        ),
      ),
    );
    expect((await events(headers)).map((e) => e.seq)).toEqual([12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1]);
    expect(await verification(headers)).toMatchObject({ status: 'intact', checked: 12 });
  });

  it('is append-only for the app: it may not change or remove an event', async () => {
    const { admin } = await adminOfNewOrganization();
    await signIn(t.app, admin);
    await deliverRecordedEvents(t.deps, admin.organizationId);
    const update = withOrganization(admin.organizationId, async () => {
      await t.deps.db.execute(
        sql`UPDATE audit_events SET actor_name = 'x' WHERE organization_id = ${admin.organizationId}`,
      );
    });
    await expect(update).rejects.toMatchObject({ cause: expect.objectContaining({ code: '42501' }) });
    const remove = withOrganization(admin.organizationId, async () => {
      await t.deps.db.execute(sql`DELETE FROM audit_events WHERE organization_id = ${admin.organizationId}`);
    });
    await expect(remove).rejects.toMatchObject({ cause: expect.objectContaining({ code: '42501' }) });
  });

  it('detects an event edited, one replaced with a recomputed hash, and one removed, naming the first', async () => {
    const { admin, headers } = await adminOfNewOrganization();
    for (let i = 0; i < 4; i++) await signIn(t.app, admin);
    await deliverRecordedEvents(t.deps, admin.organizationId);
    expect(await verification(headers)).toMatchObject({ status: 'intact', checked: 4 });
    const org = admin.organizationId;

    await asOwner(`UPDATE audit_events SET ip = '203.0.113.9' WHERE organization_id = '${org}' AND seq = 3`);
    const edited = await verification(headers);
    expect(edited).toMatchObject({
      status: 'tampered',
      checked: 2,
      firstTampered: { seq: 3, reason: 'content-changed' },
    });

    // An intruder who also recomputes the edited row's hash breaks the next row's link instead.
    const [row] = await t.deps.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.organizationId, org), eq(auditEvents.seq, 3)));
    await asOwner(
      `UPDATE audit_events SET hash = '${auditHash(row!.prevHash, row!)}' WHERE organization_id = '${org}' AND seq = 3`,
    );
    expect(await verification(headers)).toMatchObject({
      status: 'tampered',
      checked: 3,
      firstTampered: { seq: 4, reason: 'link-broken' },
    });

    await asOwner(`DELETE FROM audit_events WHERE organization_id = '${org}' AND seq = 2`);
    expect(await verification(headers)).toMatchObject({
      status: 'tampered',
      checked: 1,
      firstTampered: { seq: 3, reason: 'sequence-gap' },
    });
  });

  it('detects an event moved to another place in the chain (its link rewritten)', async () => {
    const { admin, headers } = await adminOfNewOrganization();
    for (let i = 0; i < 3; i++) await signIn(t.app, admin);
    await deliverRecordedEvents(t.deps, admin.organizationId);
    await asOwner(
      `UPDATE audit_events SET prev_hash = repeat('0', 64) WHERE organization_id = '${admin.organizationId}' AND seq = 2`,
    );
    expect(await verification(headers)).toMatchObject({
      status: 'tampered',
      checked: 1,
      firstTampered: { seq: 2, reason: 'link-broken' },
    });
  });
});
