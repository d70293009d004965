import type { ClientToServerEvents, ServerToClientEvents } from '@accueil/domain';
import type { Server as HttpServer } from 'node:http';
import { Server, type Namespace } from 'socket.io';
import type { CoreDeps } from '../app-deps';
import { socketTokenLifetimeMs, verifyAccessToken } from '../modules/auth/index';
import { listTeamsOfUser } from '../modules/teams/index';
import { rooms, type RealtimePublisher } from './publisher';
import { createPresenceTracker, type PresenceSocket, type PresenceTracker } from './presence';
import type { RealtimeNamespace } from './realtime-namespace';
import { realtimeHealth } from './realtime-health';
import { withOrganization } from '../db/tenant-scope';
import { relayCollisionEvents } from './collision';
import type { AppSocket, RealtimeServer, SocketData } from './socket-types';

export type RealtimeHandle = { publisher: RealtimePublisher; close: () => Promise<void> };

/**
 * Realtime (docs/behaviour/realtime.md): Socket.IO at `/socket.io` on the app's HTTP server.
 * - Connections authenticate with `auth.token` (the access token; refused with
 *   `Error('unauthorized')` when missing, invalid, expired or its session is over) and join
 *   `org:<id>`, `user:<id>` and `team:<id>` for every team of the user (switching teams
 *   needs no reconnect). Publishing `session:revoked` also closes that session's sockets;
 *   `moveSockets` moves a user's sockets between team rooms when their teams change.
 * - A socket lives no longer than its access token: the server closes it when the token
 *   expires unless the client sent a refreshed one (`auth:renew`) of the same session, which
 *   is checked like a new connection (live session, current teams).
 * - Collision warnings: a socket's `conversation:viewing` / `conversation:typing` are relayed to
 *   the conversation's team as `conversation:activity` (`relayCollisionEvents`).
 * - With `redisUrl`, events fan out across server processes through the Redis adapter.
 * - `namespaces` (of the modules and the chosen carriers, e.g. the sandbox's `/sandbox`) are
 *   served besides; `publishIn` reaches them, and nothing else does.
 * `close()` (idempotent) disconnects every socket and the Redis clients; it leaves the HTTP
 * server to its owner: call it before closing that server (open websockets would keep it waiting).
 */
export async function attachRealtime(
  httpServer: HttpServer,
  deps: CoreDeps,
  opts: {
    redisUrl?: string;
    namespaces?: readonly RealtimeNamespace[];
    presenceGraceMs?: number;
    presenceSweepMs?: number;
  } = {},
): Promise<RealtimeHandle> {
  const io: RealtimeServer = new Server(httpServer, { path: '/socket.io', serveClient: false });
  const redis = opts.redisUrl ? await useRedisAdapter(io, opts.redisUrl, deps) : null;
  const presence = createPresenceTracker(
    deps,
    () => publisher,
    (userId) => connectedSessions(io, userId),
    { graceMs: opts.presenceGraceMs ?? 5000 },
  );
  const stopSweep = sweepPresenceRegularly(presence, deps, {
    firstMs: opts.presenceGraceMs ?? 5000,
    everyMs: opts.presenceSweepMs ?? 60_000,
  });

  io.use((socket, next) => {
    const token: unknown = (socket.handshake.auth as Record<string, unknown> | undefined)?.token;
    if (typeof token !== 'string' || token.length === 0) return next(new Error('unauthorized'));
    authenticate(deps, token).then(
      (data) => {
        socket.data = data;
        next();
      },
      () => next(new Error('unauthorized')),
    );
  });
  io.on('connection', (socket) => {
    const { ctx, teamIds } = socket.data;
    void socket.join([
      rooms.everyone(),
      rooms.org(ctx.organizationId),
      rooms.user(ctx.userId),
      ...teamIds.map(rooms.team),
    ]);
    let expiry = closeAtExpiry(socket);
    presence.connected(presenceOf(socket.data));
    const leaveConversations = relayCollisionEvents(io, socket, deps, () => closed);
    socket.on('disconnect', () => {
      clearTimeout(expiry);
      leaveConversations();
      if (!closed) presence.disconnected(presenceOf(socket.data));
    });
    socket.on('auth:renew', (token, ack) => {
      const answer = typeof ack === 'function' ? ack : () => undefined;
      if (typeof token !== 'string' || token.length === 0) return refuseRenewal(socket, answer);
      authenticate(deps, token).then(
        (data) => {
          // Another session's or user's token on this socket is refused: a socket is one session.
          if (data.ctx.sessionId !== socket.data.ctx.sessionId || data.ctx.userId !== socket.data.ctx.userId)
            return refuseRenewal(socket, answer);
          const stale = socket.data.teamIds.filter((id) => !data.teamIds.includes(id));
          socket.data = data;
          for (const id of stale) void socket.leave(rooms.team(id));
          void socket.join(data.teamIds.map(rooms.team));
          clearTimeout(expiry);
          expiry = closeAtExpiry(socket);
          answer({ ok: true });
        },
        () => refuseRenewal(socket, answer),
      );
    });
  });

  const served = new Map((opts.namespaces ?? []).map((n) => [n.name, attachNamespace(io, n)] as const));

  // Set when close() starts: an announcement that comes later (a sandbox delivery timer, a send
  // finishing during shutdown) reaches nobody, and through the Redis adapter it would reject on a
  // closed client with nobody to catch it.
  let closed = false;
  const publisher: RealtimePublisher = {
    publish(room, event, payload) {
      if (closed) return;
      const emit = io.to(room).emit.bind(io.to(room)) as (e: string, p: unknown) => boolean;
      emit(event, payload);
      if (event === 'session:revoked')
        disconnectSession(io, room, (payload as { sessionId: string }).sessionId, deps, presence);
    },
    moveSockets(room, change) {
      if (closed) return;
      if (change.join?.length) io.in(room).socketsJoin([...change.join]);
      if (change.leave?.length) io.in(room).socketsLeave([...change.leave]);
    },
    health: () => realtimeHealth(io, redis?.pub ?? null),
    publishIn(namespace, room, event, payload) {
      if (closed) return;
      const nsp = served.get(namespace);
      if (!nsp) return;
      const emit = nsp.to(room).emit.bind(nsp.to(room)) as (e: string, p: unknown) => boolean;
      emit(event, payload);
    },
  };

  let closing: Promise<void> | null = null;
  async function closeOnce(): Promise<void> {
    closed = true;
    stopSweep();
    presence.close();
    io.disconnectSockets(true);
    for (const nsp of served.values()) nsp.disconnectSockets(true);
    io.engine.close();
    if (!redis) return;
    // Stop answering the other processes first: the adapter publishes its answer to a request
    // (fetchSockets, socketsLeave…) after an await, and an answer published on a client already
    // quit is a rejection nobody catches, which ends the process.
    for (const nsp of [io.of('/'), ...served.values()]) await nsp.adapter.close();
    await new Promise((resolve) => setImmediate(resolve));
    await Promise.allSettled([redis.pub.quit(), redis.sub.quit()]);
  }
  const close = () => (closing ??= closeOnce());
  return { publisher, close };
}

/**
 * A socket authenticates once; when its session is revoked (logout, refresh-token reuse) it
 * must stop receiving the team's events: its sockets are closed, on every server process.
 */
function disconnectSession(
  io: RealtimeServer,
  room: string,
  sessionId: string,
  deps: CoreDeps,
  presence: PresenceTracker,
): void {
  io.in(room)
    .fetchSockets()
    .then((sockets) => {
      const ended = sockets.filter((socket) => socket.data.ctx?.sessionId === sessionId);
      for (const socket of ended) socket.disconnect(true);
      // Signing out makes the user offline at once, unless another of their sessions is connected.
      if (ended[0]) presence.sessionEnded(presenceOf(ended[0].data));
    })
    .catch((err: unknown) =>
      deps.log.error({ err }, 'realtime: closing the sockets of a revoked session failed'),
    );
}

/**
 * Runs the presence sweep (`PresenceTracker.sweep`) once `firstMs` after start — the browsers of a
 * process that died have reconnected by then — then every `everyMs` (0: never). Stopped by the
 * returned function.
 */
function sweepPresenceRegularly(
  presence: PresenceTracker,
  deps: CoreDeps,
  opts: { firstMs: number; everyMs: number },
): () => void {
  if (opts.everyMs <= 0) return () => undefined;
  const run = () =>
    void presence
      .sweep()
      .catch((err: unknown) => deps.log.error({ err }, 'realtime: the presence sweep failed'));
  const first = setTimeout(run, opts.firstMs);
  const every = setInterval(run, opts.everyMs);
  first.unref();
  every.unref();
  return () => {
    clearTimeout(first);
    clearInterval(every);
  };
}

function presenceOf(data: SocketData): PresenceSocket {
  return { userId: data.ctx.userId, organizationId: data.ctx.organizationId, sessionId: data.ctx.sessionId };
}

/** The sessions of the user's sockets connected now, on every process (the adapter asks the others). */
async function connectedSessions(io: RealtimeServer, userId: string): Promise<string[]> {
  const sockets = await io.in(rooms.user(userId)).fetchSockets();
  return sockets.map((socket) => socket.data.ctx.sessionId);
}

/** Closes the socket when its access token expires (its `expiresAt`); returns the timer. */
function closeAtExpiry(socket: AppSocket): ReturnType<typeof setTimeout> {
  const timer = setTimeout(() => socket.disconnect(true), Math.max(0, socket.data.expiresAt - Date.now()));
  timer.unref();
  return timer;
}

function refuseRenewal(socket: AppSocket, answer: (a: { ok: boolean }) => void): void {
  answer({ ok: false });
  socket.disconnect(true);
}

async function authenticate(deps: CoreDeps, token: string): Promise<SocketData> {
  const ctx = await verifyAccessToken(deps, token);
  // A socket's handshake is no HTTP route: read the memberships in the token's organisation, or
  // row-level security shows none and the socket would join no team room.
  const teams = await withOrganization(ctx.organizationId, () => listTeamsOfUser(deps, ctx.userId));
  return {
    ctx,
    teamIds: teams.filter((t) => t.organizationId === ctx.organizationId).map((t) => t.id),
    expiresAt: Date.now() + socketTokenLifetimeMs(token),
  };
}

async function useRedisAdapter(io: RealtimeServer, url: string, deps: CoreDeps) {
  // Loaded only when configured: the redis client is ~1,000 files, a large part of a restart
  // (the crash test wants the server serving again within 3 s).
  const [{ createAdapter }, { createClient }] = await Promise.all([
    import('@socket.io/redis-adapter'),
    import('redis'),
  ]);
  const pub = createClient({ url });
  const sub = pub.duplicate();
  // An unhandled 'error' event would end the process; the client reconnects by itself.
  for (const client of [pub, sub])
    client.on('error', (err: unknown) => deps.log.error({ err }, 'realtime redis error'));
  await Promise.all([pub.connect(), sub.connect()]);
  // The adapter publishes its answers to the other processes' requests (fetchSockets, presence)
  // after an await, and its broadcasts, without catching: one that comes as this process closes
  // would reject, unhandled, on the closed client (and end the process). It is logged instead.
  const publish = pub.publish.bind(pub);
  Object.defineProperty(pub, 'publish', {
    value: (channel: string, message: string) =>
      publish(channel, message).catch((err: unknown) => {
        deps.log.warn({ err, channel }, 'realtime message not published to redis');
        return 0;
      }),
  });
  io.adapter(createAdapter(pub, sub));
  return { pub, sub };
}

function attachNamespace(
  io: RealtimeServer,
  namespace: RealtimeNamespace,
): Namespace<ClientToServerEvents, ServerToClientEvents> {
  const nsp = io.of(namespace.name) as unknown as Namespace<ClientToServerEvents, ServerToClientEvents>;
  nsp.on('connection', (socket) => namespace.onConnection(socket));
  return nsp;
}
