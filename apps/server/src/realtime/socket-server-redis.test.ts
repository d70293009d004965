import type { RealtimeEvents } from '@accueil/domain';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildOrganization, buildTeam, buildUser, signIn } from '../test/factories';
import { createTestApp } from '../test/test-app';

/** Redis of the test machines (common brief); CI sets REDIS_URL to the same server. */
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

let a: Awaited<ReturnType<typeof createTestApp>>;
let b: Awaited<ReturnType<typeof createTestApp>>;
let baseUrlA: string;

beforeAll(async () => {
  // Two server processes on one database: what a load balancer spreads users over.
  a = await createTestApp({ REDIS_URL });
  b = await createTestApp({ REDIS_URL });
  baseUrlA = await a.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await a.close();
  await b.close();
});

/** A member of a new team of `a`, connected to server `a`. */
async function memberSocketOnA() {
  const org = await buildOrganization(a.deps.db);
  const team = await buildTeam(a.deps.db, { organizationId: org.id });
  const user = await buildUser(a.deps.db, { organizationId: org.id, teamIds: [team.id] });
  const { jwt } = await signIn(a.app, user);
  const socket = io(baseUrlA, { path: '/socket.io', transports: ['websocket'], reconnection: false, auth: { token: jwt } });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  return { team, socket };
}

it('fans an event published by another server process out through Redis', async () => {
  const { team, socket } = await memberSocketOnA();
  const got = new Promise<RealtimeEvents['conversation:removed']>((resolve) => socket.once('conversation:removed', resolve));
  const payload = { id: crypto.randomUUID(), userGroupId: team.id, version: 3 };
  b.deps.realtime.publish(`team:${team.id}`, 'conversation:removed', payload);
  expect(await got).toEqual(payload);
  socket.disconnect();
});
