import type { RealtimeEventName, RealtimeEvents } from '@accueil/domain';

/** Rooms of issue 2 §7: one per organisation, team and user. */
export const rooms = {
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
}
