import type { RealtimeEventName, RealtimeEvents } from '@accueil/domain';
import type { RealtimeHealth } from './realtime-health';

/** Rooms of the app's signed-in namespace: one per organisation, team and user, and every socket's. */
export const rooms = {
  /** Every signed-in socket, whatever its organisation: installation-wide news (the service's status). */
  everyone: () => 'everyone',
  org: (id: string) => `org:${id}`,
  team: (id: string) => `team:${id}`,
  user: (id: string) => `user:${id}`,
} as const;

/**
 * Publishes typed realtime events to rooms. Services call it after their transaction has
 * committed, never inside it (a rolled-back change must not be announced).
 */
export interface RealtimePublisher {
  publish<K extends RealtimeEventName>(room: string, event: K, payload: RealtimeEvents[K]): void;
  /**
   * The same in another namespace that a module or a carrier serves (`RealtimeNamespace`, e.g.
   * the sandbox's `/sandbox`). A no-op when this server does not serve `namespace`.
   */
  publishIn<K extends RealtimeEventName>(
    namespace: `/${string}`,
    room: string,
    event: K,
    payload: RealtimeEvents[K],
  ): void;
  /**
   * Every socket in `room` (of the signed-in namespace, on every process) joins `join` and
   * leaves `leave`: a user's sockets follow their team memberships without reconnecting.
   */
  moveSockets(room: string, change: { join?: readonly string[]; leave?: readonly string[] }): void;
  /** How many signed-in sockets are open, here and on every process, and whether Redis answers. */
  health(): Promise<RealtimeHealth>;
}
