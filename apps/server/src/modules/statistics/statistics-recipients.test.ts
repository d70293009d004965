import type { AuditEvent, StatisticsRecipient } from '@accueil/domain';
import { describe, expect, it } from 'vitest';
import { deliverRecordedEvents } from '../../test/domain-event-helpers';
import { buildAdmin, buildUser } from '../../test/factories';
import { signedInAs } from '../../test/signed-in';
import { useTestApp } from '../../test/test-app';

/** The weekly report's recipients: administrators keep a list of unique addresses, audited. */
const t = useTestApp();
const URL = '/api/statistics/recipients';

const add = (headers: Record<string, string>, email: string) =>
  t.app.inject({ method: 'POST', url: URL, headers, payload: { email } });
const list = async (headers: Record<string, string>) =>
  (await t.app.inject({ method: 'GET', url: URL, headers })).json<StatisticsRecipient[]>();

describe('statistics recipients', () => {
  it('an administrator adds addresses (trimmed, lower-cased), lists and removes them; each change is audited', async () => {
    const admin = await buildAdmin({});
    const headers = await signedInAs(admin);
    const first = await add(headers, '  Direction@Clinique.example ');
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ email: 'direction@clinique.example' });
    expect((await add(headers, 'compta@clinique.example')).statusCode).toBe(201);
    expect((await list(headers)).map((r) => r.email)).toEqual([
      'direction@clinique.example',
      'compta@clinique.example',
    ]);

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `${URL}/${first.json<StatisticsRecipient>().id}`,
      headers,
    });
    expect(removed.statusCode).toBe(204);
    expect((await list(headers)).map((r) => r.email)).toEqual(['compta@clinique.example']);

    await deliverRecordedEvents(t.deps, admin.organizationId);
    const log = await t.app.inject({ method: 'GET', url: '/api/audit-events?limit=10', headers });
    const entries = log
      .json<{ items: AuditEvent[] }>()
      .items.filter((e) => e.action === 'statistics-recipients.changed')
      .map((e) => e.details);
    expect(entries).toEqual(
      expect.arrayContaining([
        { email: 'direction@clinique.example', change: 'added' },
        { email: 'compta@clinique.example', change: 'added' },
        { email: 'direction@clinique.example', change: 'removed' },
      ]),
    );
  });

  it('refuses an address already in the list, whatever its case (409 email-taken), and a malformed one (400)', async () => {
    const headers = await signedInAs(await buildAdmin({}));
    expect((await add(headers, 'rapport@clinique.example')).statusCode).toBe(201);
    const again = await add(headers, 'RAPPORT@clinique.example');
    expect([again.statusCode, again.json<{ code: string }>().code]).toEqual([409, 'email-taken']);
    const bad = await add(headers, 'not an address');
    expect([bad.statusCode, bad.json<{ code: string }>().code]).toEqual([400, 'validation-failed']);
    expect((await list(headers)).map((r) => r.email)).toEqual(['rapport@clinique.example']);
  });

  it('the same address may be in two organisations; another organisation’s recipient answers 404', async () => {
    const mine = await signedInAs(await buildAdmin({}));
    const theirs = await signedInAs(await buildAdmin({}));
    expect((await add(mine, 'same@example.org')).statusCode).toBe(201);
    const other = await add(theirs, 'same@example.org');
    expect(other.statusCode).toBe(201);
    const gone = await t.app.inject({
      method: 'DELETE',
      url: `${URL}/${other.json<StatisticsRecipient>().id}`,
      headers: mine,
    });
    expect(gone.statusCode).toBe(404);
    expect(await list(theirs)).toHaveLength(1);
    expect((await list(mine)).map((r) => r.email)).toEqual(['same@example.org']);
  });

  it('is refused to a user (403), who changes nothing', async () => {
    const user = await buildUser({ role: 'user' });
    const headers = await signedInAs(user);
    expect((await add(headers, 'x@example.org')).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: URL, headers })).statusCode).toBe(403);
  });
});
