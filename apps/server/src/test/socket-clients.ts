import type { ClientToServerEvents, RealtimeEvents, ServerToClientEvents } from '@accueil/domain';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll } from 'vitest';
import type { TestApp } from './test-app';

/** A Socket.IO client of the app's signed-in namespace, typed with the app's events. */
export type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** Opens a websocket to `baseUrl` with `token` (no reconnection); resolves once connected, rejects when refused. */
export async function openSocket(baseUrl: string, token: string): Promise<ClientSocket> {
  const socket: ClientSocket = io(baseUrl, {
    path: '/socket.io',
    transports: ['websocket'],
    reconnection: false,
    auth: { token },
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}

/**
 * The test file's app listening on a port (in `beforeAll`) and `connect(token)`, whose sockets are
 * closed in `afterAll`.
 */
export function useSocketClients(t: Pick<TestApp, 'app'>) {
  let baseUrl = '';
  const sockets: ClientSocket[] = [];
  beforeAll(async () => {
    baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => {
    for (const s of sockets) s.disconnect();
  });
  return {
    async connect(token: string): Promise<ClientSocket> {
      const socket = await openSocket(baseUrl, token);
      sockets.push(socket);
      return socket;
    },
  };
}

/** The next `event` the socket receives, or a rejection after `timeoutMs`. */
export function nextEvent<K extends keyof RealtimeEvents>(
  socket: ClientSocket,
  event: K,
  timeoutMs = 2000,
): Promise<RealtimeEvents[K]> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${timeoutMs} ms`)), timeoutMs);
    (socket as unknown as { once: (e: string, cb: (p: RealtimeEvents[K]) => void) => void }).once(
      event,
      (p) => {
        clearTimeout(timer);
        resolve(p);
      },
    );
  });
}
