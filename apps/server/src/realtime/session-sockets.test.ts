import type { RealtimeEvents } from '@accueil/domain';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { openSession } from '../modules/auth/session-store';
import { buildOrganization, buildTeam, buildUser } from '../test/factories';
import { accessTokenFor, signedInAs } from '../test/signed-in';
import { nextEvent, useSocketClients, type ClientSocket } from '../test/socket-clients';
import { TEST_JWT_SECRET, useTestApp } from '../test/test-app';
import { rooms } from './publisher';

const t = useTestApp();
const { connect } = useSocketClients(t);

const next = nextEvent;

/** Resolves with the disconnect reason and the ms it took, or rejects after `timeoutMs`. */
function closed(socket: ClientSocket, timeoutMs = 1000): Promise<{ reason: string; afterMs: number }> {
  const start = Date.now();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`still connected after ${timeoutMs} ms`)), timeoutMs);
    socket.once('disconnect', (reason) => {
      clearTimeout(timer);
      resolve({ reason, afterMs: Date.now() - start });
    });
  });
}

/** Whether `event` reaches the socket within `ms`. */
async function receives(
  socket: ClientSocket,
  event: keyof RealtimeEvents,
  publish: () => void,
  ms = 300,
): Promise<boolean> {
  const got = next(socket, event, ms).then(
    () => true,
    () => false,
  );
  publish();
  return got;
}

async function organisation() {
  const org = await buildOrganization();
  const team = await buildTeam({ organizationId: org.id, label: 'Principal' });
  const other = await buildTeam({ organizationId: org.id, label: 'Hygiène' });
  const admin = await buildUser({
    organizationId: org.id,
    teamIds: [team.id, other.id],
    role: 'admin',
    administratorOf: [team.id, other.id],
  });
  const agent = await buildUser({ organizationId: org.id, teamIds: [team.id, other.id] });
  return { org, team, other, admin, agent };
}

/** An access token of a new session of `user` that expires in `seconds`. */
async function shortToken(user: { id: string; organizationId: string }, seconds: number): Promise<string> {
  const { sessionId } = await openSession(t.deps.db, {
    organizationId: user.organizationId,
    userId: user.id,
    userAgent: null,
    now: new Date(),
  });
  return new SignJWT({ sid: sessionId, org: user.organizationId })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(user.id)
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + seconds)
    .sign(new TextEncoder().encode(TEST_JWT_SECRET));
}

const teamEvent = (teamId: string) => () =>
  t.deps.realtime.publish(rooms.team(teamId), 'conversation:removed', {
    id: crypto.randomUUID(),
    userGroupId: teamId,
    version: 1,
  });

describe('an administrator ends a user’s sessions', () => {
  it('force-disconnect: every socket of the user gets session:revoked (forced-disconnect) and closes within a second', async () => {
    const { admin, agent } = await organisation();
    const [one, two] = [
      await connect(await accessTokenFor(agent)),
      await connect(await accessTokenFor(agent)),
    ];
    const bystander = await connect(await accessTokenFor(admin));
    const revoked = [next(one, 'session:revoked'), next(two, 'session:revoked')];
    const ends = [closed(one), closed(two)];
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/users/${agent.id}/force-disconnect`,
      headers: await signedInAs(admin),
    });
    expect(res.statusCode).toBe(204);
    for (const r of await Promise.all(revoked)) expect(r.reason).toBe('forced-disconnect');
    for (const e of await Promise.all(ends)) {
      expect(e.reason).toBe('io server disconnect');
      expect(e.afterMs).toBeLessThan(1000);
    }
    expect(bystander.connected).toBe(true);
  });

  it('disabling: the sockets close with reason disabled, and the token opens no new one', async () => {
    const { admin, agent } = await organisation();
    const token = await accessTokenFor(agent);
    const socket = await connect(token);
    const revoked = next(socket, 'session:revoked');
    const end = closed(socket);
    await t.app.inject({
      method: 'POST',
      url: `/api/users/${agent.id}/disable`,
      headers: await signedInAs(admin),
    });
    expect((await revoked).reason).toBe('disabled');
    expect((await end).afterMs).toBeLessThan(1000);
    await expect(connect(token)).rejects.toThrow('unauthorized');
  });

  it('a role change tells the user’s tabs to reload their session', async () => {
    const { admin, agent } = await organisation();
    const socket = await connect(await accessTokenFor(agent));
    const changed = next(socket, 'session:changed');
    await t.app.inject({
      method: 'PUT',
      url: `/api/users/${agent.id}`,
      headers: await signedInAs(admin),
      payload: { role: 'marketing' },
    });
    expect(await changed).toEqual({ reason: 'role' });
  });
});

describe('team membership while connected', () => {
  it('a user removed from a team stops receiving its events at once; added back, receives them again', async () => {
    const { admin, agent, other } = await organisation();
    const socket = await connect(await accessTokenFor(agent));
    expect(await receives(socket, 'conversation:removed', teamEvent(other.id))).toBe(true);
    const changed = next(socket, 'session:changed');
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/teams/${other.id}/members/${agent.id}`,
      headers: await signedInAs(admin),
    });
    expect(removed.statusCode).toBe(200);
    expect(await changed).toEqual({ reason: 'teams' });
    expect(await receives(socket, 'conversation:removed', teamEvent(other.id))).toBe(false);
    await t.app.inject({
      method: 'PUT',
      url: `/api/teams/${other.id}/members/${agent.id}`,
      headers: await signedInAs(admin),
      payload: { administrator: false },
    });
    expect(await receives(socket, 'conversation:removed', teamEvent(other.id))).toBe(true);
  });
});

describe('a socket lives no longer than its access token', () => {
  it('is closed by the server when its token expires', async () => {
    const { agent, team } = await organisation();
    const socket = await connect(await shortToken(agent, 2));
    expect(await receives(socket, 'conversation:removed', teamEvent(team.id))).toBe(true);
    const end = await closed(socket, 3500);
    expect(end.reason).toBe('io server disconnect');
  });

  it('lives on with a refreshed token of the same session sent before expiry', async () => {
    const { agent, team } = await organisation();
    const short = await shortToken(agent, 2);
    const socket = await connect(short);
    const sid = JSON.parse(Buffer.from(short.split('.')[1]!, 'base64url').toString()) as { sid: string };
    const renewed = await new SignJWT({ sid: sid.sid, org: agent.organizationId })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(agent.id)
      .setIssuedAt()
      .setExpirationTime('15m')
      .sign(new TextEncoder().encode(TEST_JWT_SECRET));
    const answer = await socket.timeout(1000).emitWithAck('auth:renew', renewed);
    expect(answer).toEqual({ ok: true });
    await expect(closed(socket, 3000)).rejects.toThrow('still connected');
    expect(await receives(socket, 'conversation:removed', teamEvent(team.id))).toBe(true);
  });

  it("refuses another session's token, and closes the socket", async () => {
    const { agent } = await organisation();
    const socket = await connect(await accessTokenFor(agent));
    const end = closed(socket);
    const answer = await socket.timeout(1000).emitWithAck('auth:renew', await accessTokenFor(agent));
    expect(answer).toEqual({ ok: false });
    expect((await end).reason).toBe('io server disconnect');
  });
});
