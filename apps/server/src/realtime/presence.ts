import type { PresenceStatus } from '@accueil/domain';
import type { CoreDeps } from '../app-deps';
import { withOrganization, withSystemAccess } from '../db/tenant-scope';
import { listUsersNotOffline, markUserConnected, markUserDisconnected } from '../modules/users/index';
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
  /**
   * Every user the database says is not offline but whose browsers are connected to no process
   * becomes offline (a process that died could not say they left). Users waiting out their grace
   * period in this process are left to it. `organizationIds`: only theirs (tests share a database).
   */
  sweep(organizationIds?: readonly string[]): Promise<void>;
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
 * kept in this process's memory, so several processes behind Redis agree; and since a process
 * that dies takes its grace timers with it, `sweep` (run at start and then regularly by the
 * socket server) sets offline whoever the database still shows present with no browser anywhere.
 */
export function createPresenceTracker(
  deps: CoreDeps,
  publisher: () => RealtimePublisher,
  connectedSessions: ConnectedSessions,
  opts: { graceMs: number },
): PresenceTracker {
  const pending = new Map<string, ReturnType<typeof setTimeout>>();
  const announce = (socket: PresenceSocket, status: PresenceStatus | null) => {
    if (status)
      publisher().publish(rooms.org(socket.organizationId), 'presence:updated', {
        userId: socket.userId,
        status,
      });
  };
  const failed = (err: unknown) => deps.log.error({ err }, 'realtime: updating a presence failed');
  const cancel = (userId: string) => {
    const timer = pending.get(userId);
    if (timer) clearTimeout(timer);
    pending.delete(userId);
  };
  const connected = (socket: PresenceSocket) => {
    cancel(socket.userId);
    withOrganization(socket.organizationId, () => markUserConnected(deps, socket.userId)).then(
      (status) => announce(socket, status),
      failed,
    );
  };

  const others = async (socket: PresenceSocket, endedSession: string | null) =>
    (await connectedSessions(socket.userId)).some((id) => id !== endedSession);
  // Offline when none of the user's sockets (other than those of `endedSession`) is connected
  // anywhere. A browser of theirs that connected between the look and the write (its "online"
  // found them online and changed nothing) would be left offline: looked at again after the
  // write, as the sweep does, and online again (a session signing in on one device while the
  // grace period of another ended).
  const settle = async (socket: PresenceSocket, endedSession: string | null) => {
    if (await others(socket, endedSession)) return;
    announce(
      socket,
      await withOrganization(socket.organizationId, () => markUserDisconnected(deps, socket.userId)),
    );
    if (await others(socket, endedSession)) connected(socket);
  };

  return {
    connected,
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
    async sweep(organizationIds) {
      const present = await withSystemAccess('maintenance-job', () =>
        listUsersNotOffline(deps, organizationIds),
      );
      for (const user of present) {
        if (pending.has(user.id) || (await connectedSessions(user.id)).length > 0) continue;
        const socket = { userId: user.id, organizationId: user.organizationId, sessionId: '' };
        announce(
          socket,
          await withOrganization(user.organizationId, () => markUserDisconnected(deps, user.id)),
        );
        // A browser that connected meanwhile (its "online" written before ours): online again.
        if ((await connectedSessions(user.id)).length > 0) connected(socket);
      }
    },
    close() {
      for (const timer of pending.values()) clearTimeout(timer);
      pending.clear();
    },
  };
}
