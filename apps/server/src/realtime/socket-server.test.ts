import type { ClientToServerEvents, RealtimeEvents, ServerToClientEvents } from '@accueil/domain';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, buildOrganization, buildTeam, buildUser, randomPhoneNumber } from '../test/factories';
import { accessTokenFor } from '../test/signed-in';
import { useTestApp } from '../test/test-app';

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

const t = useTestApp();
let baseUrl: string;
const sockets: ClientSocket[] = [];

beforeAll(async () => {
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => {
  for (const s of sockets) s.disconnect();
});

function connect(path: string, auth?: Record<string, unknown>): ClientSocket {
  const socket: ClientSocket = io(`${baseUrl}${path}`, {
    path: '/socket.io',
    transports: ['websocket'],
    reconnection: false,
    ...(auth ? { auth } : {}),
  });
  sockets.push(socket);
  return socket;
}

function connected(socket: ClientSocket): Promise<void> {
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
}

function refused(socket: ClientSocket): Promise<string> {
  return new Promise((resolve, reject) => {
    socket.once('connect', () => reject(new Error('connected without a valid token')));
    socket.once('connect_error', (err) => resolve(err.message));
  });
}

function next<K extends 'message:created' | 'sandbox:message'>(
  socket: ClientSocket,
  event: K,
): Promise<RealtimeEvents[K]> {
  return new Promise((resolve) => {
    (socket as unknown as { once: (e: string, cb: (p: RealtimeEvents[K]) => void) => void }).once(
      event,
      resolve,
    );
  });
}

/** A new team (of a new organisation unless `inOrganization` is given) and a signed-in member's socket. */
async function inboxWithSocket(inOrganization?: { id: string }) {
  const org = inOrganization ?? (await buildOrganization());
  const team = await buildTeam({ organizationId: org.id });
  const user = await buildUser({ organizationId: org.id, teamIds: [team.id] });
  const jwt = await accessTokenFor(user);
  const socket = connect('', { token: jwt });
  await connected(socket);
  return { org, team, user, jwt, socket };
}

describe('realtime', () => {
  it("delivers message:created of an inbound text to the team's members only", async () => {
    const mine = await inboxWithSocket();
    const other = await inboxWithSocket();
    const received: unknown[] = [];
    other.socket.on('message:created', (p) => received.push(p));
    // A colleague of the same organisation in another team: tells team rooms from the organisation's room.
    const colleague = await inboxWithSocket(mine.org);
    const colleagueReceived: unknown[] = [];
    colleague.socket.on('message:created', (p) => colleagueReceived.push(p));
    const created = next(mine.socket, 'message:created');
    const from = randomPhoneNumber();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/sandbox/messages',
      payload: { from, to: mine.team.phoneNumber, body: 'Bonjour en direct' },
    });
    expect(res.statusCode).toBe(201);
    const { message } = await created;
    expect(message).toMatchObject({ body: 'Bonjour en direct', from, direction: 'inbound', seq: 1 });
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/conversations',
      headers: authHeader(mine.jwt),
    });
    expect(list.json<{ items: { id: string }[] }>().items[0]!.id).toBe(message.conversationId);
    await new Promise((r) => setTimeout(r, 100));
    expect(received).toEqual([]);
    expect(colleagueReceived).toEqual([]);
  });

  it('refuses a missing or garbage token', async () => {
    expect(await refused(connect(''))).toBe('unauthorized');
    expect(await refused(connect('', { token: 'garbage' }))).toBe('unauthorized');
    expect(await refused(connect('', { token: 42 }))).toBe('unauthorized');
  });

  it('closes the sockets of a revoked session, not those of the other sessions', async () => {
    const { user, jwt, socket } = await inboxWithSocket();
    const other = connect('', { token: await accessTokenFor(user) });
    await connected(other);
    const revoked = new Promise<RealtimeEvents['session:revoked']>((resolve) =>
      socket.once('session:revoked', resolve),
    );
    const closed = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: authHeader(jwt),
      payload: { revokeAll: false },
    });
    expect(res.statusCode).toBe(204);
    expect((await revoked).sessionId).toBeTruthy();
    expect(await closed).toBe('io server disconnect');
    expect(other.connected).toBe(true);
  });

  it('tells a sandbox phone watcher that a text left its phone', async () => {
    const { team } = await inboxWithSocket();
    const phone = randomPhoneNumber();
    const watcher = connect('/sandbox');
    await connected(watcher);
    watcher.emit('watch', phone);
    await new Promise((r) => setTimeout(r, 50));
    const notified = next(watcher, 'sandbox:message');
    await t.app.inject({
      method: 'POST',
      url: '/api/sandbox/messages',
      payload: { from: phone, to: team.phoneNumber, body: 'allo' },
    });
    expect(await notified).toEqual({ number: phone });
  });
});
