import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { users } from '../db/schema/users';
import { buildOrganization, buildTeam, buildUser } from '../test/factories';
import { accessTokenFor } from '../test/signed-in';
import { openSocket } from '../test/socket-clients';
import { createTestApp } from '../test/test-app';

/**
 * Two server processes on one PostgreSQL and one Redis: a user with a tab on each stays online
 * when one process's tab closes (the other process's socket is counted through the adapter),
 * and becomes offline once both are gone.
 */
const GRACE_MS = 400;
const redis = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
let servers: Awaited<ReturnType<typeof createTestApp>>[] = [];
let urls: string[] = [];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeAll(async () => {
  servers = [
    await createTestApp({ REDIS_URL: redis, PRESENCE_GRACE_MS: GRACE_MS }),
    await createTestApp({ REDIS_URL: redis, PRESENCE_GRACE_MS: GRACE_MS }),
  ];
  urls = await Promise.all(servers.map((s) => s.app.listen({ port: 0, host: '127.0.0.1' })));
});
afterAll(async () => {
  for (const s of servers) await s.close();
});

it("counts the user's sockets on every process before making them offline", async () => {
  const db = servers[0]!.deps.db;
  const org = await buildOrganization({ db });
  const team = await buildTeam({ db, organizationId: org.id });
  const user = await buildUser({ db, organizationId: org.id, teamIds: [team.id] });
  const statusOf = async () =>
    (await db.select({ status: users.status }).from(users).where(eq(users.id, user.id)))[0]!.status;

  const onA = await openSocket(urls[0]!, await accessTokenFor(user, servers[0]));
  const onB = await openSocket(urls[1]!, await accessTokenFor(user, servers[1]));
  await sleep(200);
  expect(await statusOf()).toBe('online');

  onA.disconnect();
  await sleep(GRACE_MS * 3);
  expect(await statusOf()).toBe('online');

  onB.disconnect();
  await sleep(GRACE_MS * 3);
  expect(await statusOf()).toBe('offline');
});
