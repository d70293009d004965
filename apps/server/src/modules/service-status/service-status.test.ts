import {
  DEFAULT_SERVICE_STATUS,
  type AuditEvent,
  type RealtimeEvents,
  type ServiceStatus,
} from '@accueil/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deliverRecordedEvents } from '../../test/domain-event-helpers';
import { buildAdmin, buildUser } from '../../test/factories';
import { accessTokenFor, signedInAs } from '../../test/signed-in';
import { useSocketClients, type ClientSocket } from '../../test/socket-clients';
import { useTestApp } from '../../test/test-app';

/** The service's status: anyone reads it, devops set it (audited, pushed to every browser). */
const t = useTestApp();
const sockets = useSocketClients(t);
afterEach(() => vi.restoreAllMocks());

const maintenance = {
  status: 'under_maintenance',
  enabled: true,
  banner: true,
  overlay: false,
  dismissable: true,
  bannerText: { 'fr-CA': ' Entretien samedi 7 h ', 'en-CA': 'Maintenance Saturday 7 am', 'fr-FR': '' },
  nextWindowAt: '2026-12-05T12:00:00.000Z',
  plannedDurationMinutes: 90,
  displayAheadMinutes: 1440,
};

const put = (headers: Record<string, string>, payload: unknown) =>
  t.app.inject({ method: 'PUT', url: '/api/devops/status', headers, payload: payload as object });

describe('the service status', () => {
  it('answers the default to anyone, without signing in, until an operator sets it', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/status' });
    expect(res.statusCode).toBe(200);
    // Another test of this file may have set it already: the default only when nobody has.
    const body = res.json<ServiceStatus>();
    if (body.updatedAt === null) expect(body).toEqual(DEFAULT_SERVICE_STATUS);
    else expect(body.status).toMatch(/operational|under_maintenance|major_outage/);
  });

  it('devops set it: stored, trimmed, answered to anyone, pushed to every signed-in browser, audited in their organisation', async () => {
    const devops = await buildUser({ role: 'devops', firstName: 'Dev', lastName: 'Ops' });
    const headers = await signedInAs(devops);
    const publish = vi.spyOn(t.deps.realtime, 'publish');
    const res = await put(headers, maintenance);
    expect(res.statusCode).toBe(200);
    const set = res.json<ServiceStatus>();
    expect(set).toMatchObject({
      ...maintenance,
      bannerText: { ...maintenance.bannerText, 'fr-CA': 'Entretien samedi 7 h' },
    });
    expect(Date.parse(set.updatedAt!)).toBeGreaterThan(Date.now() - 60_000);
    expect((await t.app.inject({ method: 'GET', url: '/api/status' })).json()).toEqual(set);
    expect(publish).toHaveBeenCalledWith('everyone', 'service-status:updated', { status: set });

    await deliverRecordedEvents(t.deps, devops.organizationId);
    const log = await t.app.inject({ method: 'GET', url: '/api/audit-events?limit=5', headers });
    expect(log.statusCode).toBe(200);
    const entry = log
      .json<{ items: AuditEvent[] }>()
      .items.find((e) => e.action === 'service-status.changed');
    expect(entry).toMatchObject({
      actor: { id: devops.id, name: 'Dev Ops' },
      details: { status: 'under_maintenance', enabled: true, overlay: false, plannedDurationMinutes: 90 },
    });

    const again = await put(headers, {
      ...maintenance,
      status: 'major_outage',
      overlay: true,
      nextWindowAt: null,
    });
    expect(again.json()).toMatchObject({ status: 'major_outage', overlay: true, nextWindowAt: null });
  });

  it('is refused to an administrator or a user (403) and to nobody signed in (401); nothing changes', async () => {
    const before = (await t.app.inject({ method: 'GET', url: '/api/status' })).json<ServiceStatus>();
    const admin = await buildAdmin({});
    const user = await buildUser({ role: 'user' });
    expect((await put(await signedInAs(admin), maintenance)).statusCode).toBe(403);
    expect((await put(await signedInAs(user), maintenance)).statusCode).toBe(403);
    expect((await put({}, maintenance)).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/status' })).json()).toEqual(before);
  });

  it('refuses a bad status with the field named, and keeps the one set', async () => {
    const headers = await signedInAs(await buildUser({ role: 'devops' }));
    const before = (await t.app.inject({ method: 'GET', url: '/api/status' })).json<ServiceStatus>();
    const cases: [unknown, string][] = [
      [{ ...maintenance, status: 'down' }, 'status'],
      [{ ...maintenance, plannedDurationMinutes: 0 }, 'plannedDurationMinutes'],
      [{ ...maintenance, nextWindowAt: 'samedi' }, 'nextWindowAt'],
      [{ ...maintenance, bannerText: { ...maintenance.bannerText, 'en-CA': 'x'.repeat(501) } }, 'en-CA'],
      [{ ...maintenance, colour: 'red' }, 'colour'],
      [{ status: 'operational' }, 'enabled'],
    ];
    for (const [bad, field] of cases) {
      const res = await put(headers, bad);
      expect(res.statusCode, field).toBe(400);
      const body = res.json<{ code: string; details: { path?: unknown; message: string }[] }>();
      expect(body.code).toBe('validation-failed');
      expect(JSON.stringify(body.details), field).toContain(field);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/status' })).json()).toEqual(before);
  });
});

describe('the service status, live', () => {
  /** The statuses `socket` receives from now on. */
  const received = (socket: ClientSocket) => {
    const seen: RealtimeEvents['service-status:updated'][] = [];
    socket.on('service-status:updated', (event) => seen.push(event));
    return seen;
  };
  const until = async (check: () => boolean, ms = 5000) => {
    for (const start = Date.now(); !check(); await new Promise((r) => setTimeout(r, 20)))
      if (Date.now() - start > ms) throw new Error('the status never arrived');
  };

  it('reaches every connected browser at once, whatever its organisation and role, in the order set', async () => {
    const devops = await buildUser({ role: 'devops' });
    // Three browsers of two other organisations: an agent, an administrator, and a second tab.
    const agent = await buildUser();
    const admin = await buildAdmin();
    const browsers = await Promise.all(
      [agent, admin, agent].map(async (u) => sockets.connect(await accessTokenFor(u))),
    );
    const seen = browsers.map(received);
    const headers = await signedInAs(devops);
    const first = (await put(headers, maintenance)).json<ServiceStatus>();
    const second = (
      await put(headers, { ...maintenance, status: 'major_outage', overlay: true, nextWindowAt: null })
    ).json<ServiceStatus>();
    await until(() => seen.every((s) => s.length >= 2));
    for (const s of seen) expect(s).toEqual([{ status: first }, { status: second }]);
  });

  it('a refused change reaches nobody', async () => {
    const browser = await sockets.connect(await accessTokenFor(await buildUser()));
    const seen = received(browser);
    const admin = await buildAdmin();
    expect((await put(await signedInAs(admin), maintenance)).statusCode).toBe(403);
    const devops = await buildUser({ role: 'devops' });
    expect((await put(await signedInAs(devops), { ...maintenance, status: 'sunny' })).statusCode).toBe(400);
    // A change set after both: the first and only status the browser sees.
    const set = (await put(await signedInAs(devops), maintenance)).json<ServiceStatus>();
    await until(() => seen.length >= 1);
    expect(seen).toEqual([{ status: set }]);
  });
});
