import type { RealtimeEventName, RealtimeEvents } from '@accueil/domain';

/** Rooms of issue 2 §7: one per organisation, team and user. */
export const rooms = {
  org: (id: string) => `org:${id}`,
  team: (id: string) => `team:${id}`,
  user: (id: string) => `user:${id}`,
  /** Sandbox namespace `/sandbox`: the simulated phone with that number. */
  phone: (number: string) => `phone:${number}`,
} as const;

/**
 * Publishes typed realtime events to rooms. Services call it after their transaction has
 * committed, never inside it (a rolled-back change must not be announced).
 */
export interface RealtimePublisher {
  publish<K extends RealtimeEventName>(room: string, event: K, payload: RealtimeEvents[K]): void;
  /**
   * Sandbox carrier only: tells the phone simulators watching `number` (namespace `/sandbox`,
   * room `phone:<number>`) that a text reached or left it (`sandbox:message { number }`).
   * A no-op when the sandbox namespace is not running.
   */
  publishSandbox(number: string): void;
}
