import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildInbox, buildConversation } from '../test/conversation-factories';
import { buildOrganization, buildTeam, buildUser } from '../test/factories';
import { createTestApp } from '../test/test-app';

/**
 * Rate limits across server processes: two apps sharing one PostgreSQL and one Redis
 * count in the same Redis keys, so a user cannot double their allowance by landing on another
 * process. PostgreSQL pass only (two PGlite apps cannot share a database).
 */
const MAX = 12; // per minute: 2 at once (10 s worth), then one every 5 s
const BURST = 2;
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
let a: Awaited<ReturnType<typeof createTestApp>>;
let b: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  const limits = {
    REDIS_URL: redisUrl,
    SEND_RATE_LIMIT_PER_USER_PER_MINUTE: MAX,
    LOGIN_RATE_LIMIT_PER_MINUTE: MAX,
  };
  a = await createTestApp(limits);
  b = await createTestApp(limits);
});
afterAll(async () => {
  await a.close();
  await b.close();
});

it('a user alternating between two processes gets the burst once, not twice', async () => {
  const inbox = await buildInbox(a);
  const conv = await buildConversation({
    db: a.deps.db,
    organizationId: inbox.org.id,
    teamId: inbox.team.id,
  });
  const statuses: number[] = [];
  for (let i = 0; i < 3 * BURST; i++) {
    const app = i % 2 === 0 ? a.app : b.app;
    const res = await app.inject({
      method: 'POST',
      url: `/api/conversations/${conv.id}/messages`,
      headers: inbox.headers,
      payload: { body: `n ${i}` },
    });
    statuses.push(res.statusCode);
  }
  expect(statuses).toEqual([...Array(BURST).fill(201), ...Array(2 * BURST).fill(429)]);
});

it('the per-IP sign-in limit holds across processes', async () => {
  const org = await buildOrganization({ db: a.deps.db });
  const team = await buildTeam({ db: a.deps.db, organizationId: org.id });
  const user = await buildUser({ db: a.deps.db, organizationId: org.id, teamIds: [team.id] });
  // A unique address: other tests of this pass sign in from 127.0.0.1 through the same Redis.
  const ip = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
  const statuses: number[] = [];
  for (let i = 0; i < 3 * BURST; i++) {
    const app = i % 2 === 0 ? a.app : b.app;
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: ip,
      payload: { username: user.username, password: user.password },
    });
    statuses.push(res.statusCode);
  }
  expect(statuses).toEqual([...Array(BURST).fill(200), ...Array(2 * BURST).fill(429)]);
});
