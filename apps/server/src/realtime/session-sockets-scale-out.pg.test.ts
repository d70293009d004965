import type { RealtimeEvents } from '@accueil/domain';
import type { Socket } from 'socket.io-client';
import { io } from 'socket.io-client';
import { expect, it } from 'vitest';
import { buildOrganization, buildTeam, buildUser } from '../test/factories';
import { accessTokenFor, signedInAs } from '../test/signed-in';
import { useTwoServerProcesses } from '../test/two-processes';

/**
 * Two server processes on one PostgreSQL and one Redis: an administrator's change made through
 * process B reaches the user's socket held by process A (membership rooms, forced disconnect).
 */
const s = useTwoServerProcesses();

async function setting() {
  const db = s.a.deps.db;
  const org = await buildOrganization({ db });
  const team = await buildTeam({ db, organizationId: org.id });
  const other = await buildTeam({ db, organizationId: org.id });
  const admin = await buildUser({
    db,
    organizationId: org.id,
    teamIds: [team.id, other.id],
    role: 'admin',
    administratorOf: [team.id, other.id],
  });
  const agent = await buildUser({ db, organizationId: org.id, teamIds: [team.id, other.id] });
  const socket: Socket = io(s.baseUrlA, {
    path: '/socket.io',
    transports: ['websocket'],
    reconnection: false,
    auth: { token: await accessTokenFor(agent, s.a) },
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  return { other, admin, agent, socket, headers: await signedInAs(admin, s.b) };
}

function receives(socket: Socket, teamId: string, ms = 500): Promise<boolean> {
  const got = new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    socket.once('conversation:removed', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
  s.b.deps.realtime.publish(`team:${teamId}`, 'conversation:removed', {
    id: crypto.randomUUID(),
    userGroupId: teamId,
    version: 1,
  });
  return got;
}

it("moves a user's socket out of a team's room when another process removes them from it", async () => {
  const { other, agent, socket, headers } = await setting();
  expect(await receives(socket, other.id)).toBe(true);
  const res = await s.b.app.inject({
    method: 'DELETE',
    url: `/api/teams/${other.id}/members/${agent.id}`,
    headers,
  });
  expect(res.statusCode).toBe(200);
  await new Promise((r) => setTimeout(r, 100));
  expect(await receives(socket, other.id)).toBe(false);
  socket.disconnect();
});

it('closes within a second a socket of another process when the user is forced out', async () => {
  const { agent, socket, headers } = await setting();
  const revoked = new Promise<RealtimeEvents['session:revoked']>((resolve) =>
    socket.once('session:revoked', resolve),
  );
  const closed = new Promise<number>((resolve) => {
    const start = Date.now();
    socket.once('disconnect', () => resolve(Date.now() - start));
  });
  const res = await s.b.app.inject({
    method: 'POST',
    url: `/api/users/${agent.id}/force-disconnect`,
    headers,
  });
  expect(res.statusCode).toBe(204);
  expect((await revoked).reason).toBe('forced-disconnect');
  expect(await closed).toBeLessThan(1000);
});
