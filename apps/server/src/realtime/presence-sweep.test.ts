import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { users } from '../db/schema/users';
import { buildOrganization, buildTeam, buildUser } from '../test/factories';
import { useTestApp } from '../test/test-app';
import { createPresenceTracker } from './presence';
import { rooms } from './publisher';

const t = useTestApp();
afterEach(() => vi.restoreAllMocks());
const statusOf = async (userId: string) =>
  (await t.deps.db.select({ status: users.status }).from(users).where(eq(users.id, userId)))[0]!.status;

/** The presence events published from now on, as [room, userId, status]. */
function recordPresence() {
  const seen: [string, string, string][] = [];
  vi.spyOn(t.deps.realtime, 'publish').mockImplementation((room, event, payload) => {
    if (event === 'presence:updated')
      seen.push([room, (payload as { userId: string }).userId, (payload as { status: string }).status]);
  });
  return seen;
}

describe('a grace period ending while another browser of the user connects', () => {
  it('ends online: the browser that connected between the look and the write is seen after it', async () => {
    const org = await buildOrganization();
    const user = await buildUser({ organizationId: org.id, status: 'online' });
    let asked = 0;
    // The user's other device connects after the tracker looked (no socket) and before it wrote.
    const sessions = () => Promise.resolve(asked++ > 0 ? ['other-device'] : []);
    const seen = recordPresence();
    const tracker = createPresenceTracker(t.deps, () => t.deps.realtime, sessions, { graceMs: 1 });
    tracker.disconnected({ userId: user.id, organizationId: org.id, sessionId: 'closed-tab' });

    await vi.waitFor(() =>
      expect(seen.filter(([, id]) => id === user.id).map(([, , status]) => status)).toEqual([
        'offline',
        'online',
      ]),
    );
    expect(await statusOf(user.id)).toBe('online');
    tracker.close();
  });
});

describe('the presence sweep (a process died with its users present)', () => {
  it('sets offline whoever has no browser connected anywhere, announced; keeps those connected and other organisations', async () => {
    const org = await buildOrganization();
    const team = await buildTeam({ organizationId: org.id });
    // Left online, and busy, by a process that died: no browser of theirs is connected.
    const left = await buildUser({ organizationId: org.id, teamIds: [team.id], status: 'online' });
    const busy = await buildUser({ organizationId: org.id, teamIds: [team.id], status: 'busy' });
    const here = await buildUser({ organizationId: org.id, teamIds: [team.id], status: 'away' });
    const elsewhere = await buildUser({ status: 'online' });
    const connected = new Set([here.id]);
    const seen = recordPresence();
    const tracker = createPresenceTracker(
      t.deps,
      () => t.deps.realtime,
      (userId) => Promise.resolve(connected.has(userId) ? ['session'] : []),
      { graceMs: 60_000 },
    );

    await tracker.sweep([org.id]);
    expect([
      await statusOf(left.id),
      await statusOf(busy.id),
      await statusOf(here.id),
      await statusOf(elsewhere.id),
    ]).toEqual(['offline', 'offline', 'away', 'online']);
    expect(seen.sort()).toEqual(
      [
        [rooms.org(org.id), left.id, 'offline'],
        [rooms.org(org.id), busy.id, 'offline'],
      ].sort(),
    );
    // Nothing stale is left: a second sweep changes and announces nothing.
    await tracker.sweep([org.id]);
    expect(seen).toHaveLength(2);
    tracker.close();
  });

  it('leaves a user waiting out their grace period here; one who connects during the sweep ends online', async () => {
    const org = await buildOrganization();
    const reloading = await buildUser({ organizationId: org.id, status: 'busy' });
    const arriving = await buildUser({ organizationId: org.id, status: 'online' });
    let asked = 0;
    // `arriving`'s browser connects between the sweep's look and its write.
    const sessions = (userId: string) =>
      Promise.resolve(userId === arriving.id && asked++ > 0 ? ['session'] : []);
    const seen = recordPresence();
    const tracker = createPresenceTracker(t.deps, () => t.deps.realtime, sessions, { graceMs: 60_000 });
    tracker.disconnected({ userId: reloading.id, organizationId: org.id, sessionId: 'tab' });

    await tracker.sweep([org.id]);
    expect(await statusOf(reloading.id)).toBe('busy');
    await vi.waitFor(async () => expect(await statusOf(arriving.id)).toBe('online'));
    await vi.waitFor(() =>
      expect(seen.filter(([, id]) => id === arriving.id).map(([, , status]) => status)).toEqual([
        'offline',
        'online',
      ]),
    );
    tracker.close();
  });
});
