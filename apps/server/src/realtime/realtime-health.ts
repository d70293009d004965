import type { Server } from 'socket.io';

/** How the realtime connections stand (the devops panel's health; docs/behaviour/operations.md). */
export type RealtimeHealth = {
  /** Signed-in sockets open on this process. */
  here: number;
  /** Signed-in sockets on every process (through the Redis adapter), or null when they did not answer in time. */
  everywhere: number | null;
  /** The Redis that fans events out: `up`, `down`, or `absent` when none is configured (one process). */
  redis: 'up' | 'down' | 'absent';
};

// How long the other processes have to count their sockets (fetchSockets waits for each).
const ACROSS_PROCESSES_MS = 2000;

/**
 * Counts the signed-in namespace's sockets here and, through the adapter, on every process, and
 * pings Redis when there is one. Never throws: what cannot be read is reported as such.
 */
export async function realtimeHealth(
  io: Server,
  redis: { ping: () => Promise<string> } | null,
): Promise<RealtimeHealth> {
  const here = io.of('/').sockets.size;
  const everywhere = redis
    ? await io
        .of('/')
        .timeout(ACROSS_PROCESSES_MS)
        .fetchSockets()
        .then(
          (sockets) => sockets.length,
          () => null,
        )
    : here;
  const redisState = redis
    ? await redis.ping().then(
        () => 'up' as const,
        () => 'down' as const,
      )
    : 'absent';
  return { here, everywhere, redis: redisState };
}
