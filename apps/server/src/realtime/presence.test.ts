import type { PresenceStatus, RealtimeEvents } from '@accueil/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../db/schema/users';
import { authHeader, buildOrganization, buildTeam, buildUser } from '../test/factories';
import { accessTokenFor } from '../test/signed-in';
import { useSocketClients } from '../test/socket-clients';
import { useTestApp } from '../test/test-app';

const GRACE_MS = 1500;
const t = useTestApp({ PRESENCE_GRACE_MS: GRACE_MS });
const { connect: open } = useSocketClients(t);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const statusOf = async (userId: string) =>
  (await t.deps.db.select({ status: users.status }).from(users).where(eq(users.id, userId)))[0]!.status;

async function until(userId: string, status: PresenceStatus, ms = GRACE_MS * 3): Promise<number> {
  const start = Date.now();
  while (Date.now() - start < ms) {
    if ((await statusOf(userId)) === status) return Date.now() - start;
    await sleep(25);
  }
  throw new Error(`${userId} never became ${status}`);
}

/** A user of a new organisation, and a colleague's socket that records the organisation's presence events. */
async function watched() {
  const org = await buildOrganization();
  const team = await buildTeam({ organizationId: org.id });
  const user = await buildUser({ organizationId: org.id, teamIds: [team.id] });
  const colleague = await buildUser({ organizationId: org.id, teamIds: [team.id] });
  const seen: RealtimeEvents['presence:updated'][] = [];
  const watcher = await open(await accessTokenFor(colleague));
  watcher.on('presence:updated', (p) => p.userId === user.id && seen.push(p));
  return { user, seen };
}

describe('presence follows the browsers', () => {
  it('online when a browser connects, still online while a second tab stays, offline a grace period after the last one left', async () => {
    const { user, seen } = await watched();
    expect(await statusOf(user.id)).toBe('offline');
    const first = await open(await accessTokenFor(user));
    await until(user.id, 'online');
    const second = await open(await accessTokenFor(user));
    first.disconnect();
    await sleep(GRACE_MS + 500);
    expect(await statusOf(user.id)).toBe('online');

    second.disconnect();
    const left = Date.now();
    await sleep(GRACE_MS / 2);
    expect(await statusOf(user.id)).toBe('online');
    await until(user.id, 'offline');
    expect(Date.now() - left).toBeGreaterThanOrEqual(GRACE_MS);
    await sleep(100);
    expect(seen.map((p) => p.status)).toEqual(['online', 'offline']);
  });

  it('a reload within the grace period changes nothing', async () => {
    const { user, seen } = await watched();
    const tab = await open(await accessTokenFor(user));
    await until(user.id, 'online');
    tab.disconnect();
    await sleep(200);
    await open(await accessTokenFor(user));
    await sleep(GRACE_MS + 500);
    expect(await statusOf(user.id)).toBe('online');
    expect(seen.map((p) => p.status)).toEqual(['online']);
  });

  it('keeps the status the user chose while connected (a reload too), offline when they leave, online again when they come back', async () => {
    const { user, seen } = await watched();
    const jwt = await accessTokenFor(user);
    const tab = await open(jwt);
    await until(user.id, 'online');
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/status',
      headers: authHeader(jwt),
      payload: { status: 'busy' },
    });
    expect(put.statusCode).toBe(200);
    tab.disconnect();
    await sleep(200);
    const again = await open(jwt);
    await sleep(GRACE_MS + 500);
    expect(await statusOf(user.id)).toBe('busy');

    again.disconnect();
    await until(user.id, 'offline');
    await open(jwt);
    await until(user.id, 'online');
    await sleep(100);
    expect(seen.map((p) => p.status)).toEqual(['online', 'busy', 'offline', 'online']);
  });

  it('signing out makes the user offline at once, unless another of their sessions is connected', async () => {
    const { user } = await watched();
    const jwt = await accessTokenFor(user);
    await open(jwt);
    const other = await accessTokenFor(user);
    await open(other);
    await until(user.id, 'online');
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/auth/logout',
          headers: authHeader(jwt),
          payload: { revokeAll: false },
        })
      ).statusCode,
    ).toBe(204);
    await sleep(500);
    expect(await statusOf(user.id)).toBe('online');

    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/auth/logout',
          headers: authHeader(other),
          payload: { revokeAll: false },
        })
      ).statusCode,
    ).toBe(204);
    expect(await until(user.id, 'offline')).toBeLessThan(GRACE_MS);
  });
});
