import type { Label } from '@accueil/domain';
import { LABELS_MAX_PER_ORGANIZATION } from '@accueil/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { labels } from '../../db/schema/labels';
import { domainEventsOf as eventsOf } from '../../test/domain-event-helpers';
import { publishedDuring as publishedInApp } from '../../test/published-during';
import { labelHelpers } from '../../test/label-helpers';
import { useTestApp } from '../../test/test-app';

/*
 * Labels (docs/behaviour/labels.md): the organisation's labels managed by its administrators.
 * Setting them on conversations, the list's filter and the unread counts: the files beside.
 */

const t = useTestApp();
const { setUp, send, createLabel } = labelHelpers(t);

describe('the organisation’s labels', () => {
  it('an administrator creates, renames, recolours and deletes them; names are trimmed; every member lists them by name', async () => {
    const { org, admin, adminHeaders, headers } = await setUp();
    const urgent = await createLabel(adminHeaders, '  Urgent  ', 'red');
    expect(urgent).toEqual({ id: expect.any(String), name: 'Urgent', color: 'red' });
    const billing = await createLabel(adminHeaders, 'billing', 'green');
    expect((await send(headers, 'GET', '/api/labels')).json<Label[]>().map((l) => l.name)).toEqual([
      'billing',
      'Urgent',
    ]);
    const renamed = await send(adminHeaders, 'PUT', `/api/labels/${billing.id}`, {
      name: 'Billing',
      color: 'teal',
    });
    expect(renamed.json<Label>()).toEqual({ id: billing.id, name: 'Billing', color: 'teal' });
    // The same values again: answered as they are, no event.
    expect((await send(adminHeaders, 'PUT', `/api/labels/${billing.id}`, { color: 'teal' })).statusCode).toBe(
      200,
    );
    expect((await send(adminHeaders, 'DELETE', `/api/labels/${urgent.id}`)).statusCode).toBe(204);
    expect((await send(headers, 'GET', '/api/labels')).json<Label[]>()).toEqual([
      { id: billing.id, name: 'Billing', color: 'teal' },
    ]);
    expect(await eventsOf(org.id)).toEqual([
      { name: 'label.created', actorUserId: admin.id, payload: { labelId: urgent.id, name: 'Urgent' } },
      { name: 'label.created', actorUserId: admin.id, payload: { labelId: billing.id, name: 'billing' } },
      {
        name: 'label.changed',
        actorUserId: admin.id,
        payload: { labelId: billing.id, fields: ['name', 'color'] },
      },
      {
        name: 'label.deleted',
        actorUserId: admin.id,
        payload: { labelId: urgent.id, name: 'Urgent', conversations: 0 },
      },
    ]);
  });

  it('refuses a plain user managing labels (403), and nothing changes', async () => {
    const { org, adminHeaders, headers } = await setUp();
    const label = await createLabel(adminHeaders, 'Urgent');
    expect((await send(headers, 'POST', '/api/labels', { name: 'Mine', color: 'blue' })).statusCode).toBe(
      403,
    );
    expect((await send(headers, 'PUT', `/api/labels/${label.id}`, { name: 'Other' })).statusCode).toBe(403);
    expect((await send(headers, 'DELETE', `/api/labels/${label.id}`)).statusCode).toBe(403);
    expect(await t.deps.db.select().from(labels).where(eq(labels.organizationId, org.id))).toMatchObject([
      { name: 'Urgent', color: 'blue' },
    ]);
  });

  it('validates names and colours: 400 for an empty, blank or 41-character name or a colour off the palette; 409 for a name taken (case ignored)', async () => {
    const { adminHeaders } = await setUp();
    for (const body of [
      { name: '', color: 'blue' },
      { name: '   ', color: 'blue' },
      { name: 'x'.repeat(41), color: 'blue' },
      { name: 'Ok', color: 'purple' },
      { name: 'Ok', color: '#ff0000' },
      { name: 'Ok' },
    ]) {
      expect((await send(adminHeaders, 'POST', '/api/labels', body)).statusCode).toBe(400);
    }
    expect((await createLabel(adminHeaders, 'x'.repeat(40))).name).toHaveLength(40);
    const urgent = await createLabel(adminHeaders, 'Urgent');
    const other = await createLabel(adminHeaders, 'Other');
    const taken = await send(adminHeaders, 'POST', '/api/labels', { name: ' URGENT ', color: 'red' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'label-name-taken' });
    const renamed = await send(adminHeaders, 'PUT', `/api/labels/${other.id}`, { name: 'urgent' });
    expect(renamed.statusCode).toBe(409);
    // Its own name in another case is no clash.
    expect(
      (await send(adminHeaders, 'PUT', `/api/labels/${urgent.id}`, { name: 'URGENT' })).json<Label>().name,
    ).toBe('URGENT');
    expect((await send(adminHeaders, 'PUT', `/api/labels/${urgent.id}`, {})).statusCode).toBe(400);
  });

  it('the same name in two organisations is no clash; another organisation’s label answers 404', async () => {
    const { adminHeaders } = await setUp();
    const mine = await createLabel(adminHeaders, 'Urgent');
    const foreign = await setUp();
    const theirs = await createLabel(foreign.adminHeaders, 'Urgent');
    expect(
      (await send(adminHeaders, 'PUT', `/api/labels/${theirs.id}`, { name: 'Mine now' })).statusCode,
    ).toBe(404);
    expect((await send(adminHeaders, 'DELETE', `/api/labels/${theirs.id}`)).statusCode).toBe(404);
    expect((await send(foreign.headers, 'GET', '/api/labels')).json<Label[]>()).toEqual([theirs]);
    expect((await send(adminHeaders, 'GET', '/api/labels')).json<Label[]>()).toEqual([mine]);
  });

  it(`holds at most ${LABELS_MAX_PER_ORGANIZATION} labels per organisation (422 too-many-labels)`, async () => {
    const { org, adminHeaders } = await setUp();
    await t.deps.db.insert(labels).values(
      Array.from({ length: LABELS_MAX_PER_ORGANIZATION }, (_, i) => ({
        organizationId: org.id,
        name: `Label ${i}`,
        color: 'blue' as const,
      })),
    );
    const res = await send(adminHeaders, 'POST', '/api/labels', { name: 'One more', color: 'red' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'too-many-labels' });
  });

  it('announces labels:changed to the organisation after each change', async () => {
    const { org, adminHeaders } = await setUp();
    const published = await publishedInApp(t.deps, async () => {
      const label = await createLabel(adminHeaders, 'Urgent');
      await send(adminHeaders, 'PUT', `/api/labels/${label.id}`, { color: 'red' });
      await send(adminHeaders, 'DELETE', `/api/labels/${label.id}`);
    });
    expect(published.map((p) => [p.room, p.event])).toEqual([
      [`org:${org.id}`, 'labels:changed'],
      [`org:${org.id}`, 'labels:changed'],
      [`org:${org.id}`, 'labels:changed'],
    ]);
  });
});
