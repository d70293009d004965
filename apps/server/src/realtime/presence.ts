import type { PresenceStatus } from '@accueil/domain';
import type { CoreDeps } from '../app-deps';
import { withOrganization } from '../db/tenant-scope';
import { markUserConnected, markUserDisconnected } from '../modules/users/index';
import { rooms, type RealtimePublisher } from './publisher';

/** Who a socket is: its user, organisation and session. */
export type PresenceSocket = { userId: string; organizationId: string; sessionId: string };

/**
 * The sessions of the user's sockets that are connected now, on every server process (through the
 * Socket.IO adapter: `fetchSockets()` on the user's room asks the other processes over Redis).
 */
export type ConnectedSessions = (userId: string) => Promise<string[]>;

/** What the socket server tells the presence tracker. */
export interface PresenceTracker {
  /** A socket of the user connected: offline → online now, and a pending "offline" is called off. */
  connected(socket: PresenceSocket): void;
  /** A socket closed: after the grace period, offline unless one of the user's sockets is connected somewhere. */
  disconnected(socket: PresenceSocket): void;
  /** The session ended (sign-out, revoked): offline now unless another session of the user is connected. */
  sessionEnded(socket: PresenceSocket): void;
  /** Forgets the pending timers (the server is closing). */
  close(): void;
}

/**
 * A user's presence follows their browsers (docs/behaviour/realtime.md, "Presence"): online
 * while at least one of their sockets is connected to any server process, offline `graceMs`
 * after the last one left (a reload reconnects within it and changes nothing), or at once when
 * their session ends and no other one is connected. A status they chose (away, busy) is kept
 * while connected. Each change is written to `users.status` and announced to the organisation
 * (`presence:updated`). Connections are counted where they live (`connectedSessions`), never
 * kept in this process's memory, so several processes behind Redis agree.
 */
export function createPresenceTracker(
  deps: CoreDeps,
  publisher: () => RealtimePublisher,
  connectedSessions: ConnectedSessions,
  opts: { graceMs: number },
): PresenceTracker {
  const pending = new Map<string, ReturnType<typeof setTimeout>>();
  const announce = (socket: PresenceSocket, status: PresenceStatus | null) => {
    if (status) publisher().publish(rooms.org(socket.organizationId), 'presence:updated', { userId: socket.userId, status });
  };
  const failed = (err: unknown) => deps.log.error({ err }, 'realtime: updating a presence failed');
  const cancel = (userId: string) => {
    const timer = pending.get(userId);
    if (timer) clearTimeout(timer);
    pending.delete(userId);
  };
  // Offline when none of the user's sockets (other than those of `endedSession`) is connected anywhere.
  const settle = async (socket: PresenceSocket, endedSession: string | null) => {
    const sessions = await connectedSessions(socket.userId);
    if (sessions.some((id) => id !== endedSession)) return;
    announce(socket, await withOrganization(socket.organizationId, () => markUserDisconnected(deps, socket.userId)));
  };

  return {
    connected(socket) {
      cancel(socket.userId);
      withOrganization(socket.organizationId, () => markUserConnected(deps, socket.userId)).then((status) => announce(socket, status), failed);
    },
    disconnected(socket) {
      cancel(socket.userId);
      const timer = setTimeout(() => {
        pending.delete(socket.userId);
        settle(socket, null).catch(failed);
      }, opts.graceMs);
      timer.unref();
      pending.set(socket.userId, timer);
    },
    sessionEnded(socket) {
      cancel(socket.userId);
      settle(socket, socket.sessionId).catch(failed);
    },
    close() {
      for (const timer of pending.values()) clearTimeout(timer);
      pending.clear();
    },
  };
}
