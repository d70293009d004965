import type { RealtimeEvents } from '@accueil/domain';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildOrganization, buildTeam, buildUser, randomPhoneNumber, signIn } from '../test/factories';
import { createTestApp } from '../test/test-app';

/**
 * Scale-out on the production path: two server processes sharing one PostgreSQL and one Redis.
 * Runs only in the PostgreSQL pass (`*.pg.test.ts`, see vitest.config.ts): two PGlite apps
 * cannot share a database.
 */
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

let a: Awaited<ReturnType<typeof createTestApp>>;
let b: Awaited<ReturnType<typeof createTestApp>>;
let baseUrlA: string;

beforeAll(async () => {
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

it('announces an inbound text received by another server process (shared PostgreSQL)', async () => {
  const { team, socket } = await memberSocketOnA();
  const got = new Promise<RealtimeEvents['message:created']>((resolve) => socket.once('message:created', resolve));
  const res = await b.app.inject({ method: 'POST', url: '/api/sandbox/messages', payload: { from: randomPhoneNumber(), to: team.phoneNumber, body: 'via redis' } });
  expect(res.statusCode).toBe(201);
  expect((await got).message.body).toBe('via redis');
  socket.disconnect();
});
