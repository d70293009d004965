import { sortQueueCalls, type Call } from '@accueil/domain';

/**
 * The team's queue after a `call:updated`: a call of the team with a live queue place is added or
 * replaced (newer versions only); a call that left the queue (completed), ended or moved to another
 * team is removed. The order is the queue panel's (`sortQueueCalls`: waiting by arrival, ringing
 * or under way, parked by park number).
 */
export function applyQueueUpdate(calls: readonly Call[], call: Call, teamId: string | null): Call[] {
  const known = calls.find((c) => c.id === call.id);
  if (known && known.version >= call.version) return [...calls];
  const others = calls.filter((c) => c.id !== call.id);
  const inQueue =
    call.userGroupId === teamId &&
    call.queue !== null &&
    call.queue.status !== 'completed' &&
    call.endedAt === null;
  return orderQueue(inQueue ? [...others, call] : others);
}

/** The calls in the queue panel's order (those without a live queue place left out). */
export function orderQueue(calls: readonly Call[]): Call[] {
  const byId = new Map(calls.map((c) => [c.id, c]));
  const snapshots = calls.flatMap((c) =>
    c.queue
      ? [
          {
            callId: c.id,
            status: c.queue.status,
            parkNo: c.queue.parkNo,
            heldSeconds: 0,
            checkAtSeconds: 0,
            checking: false,
            queuedAt: Date.parse(c.queue.queuedAt),
          },
        ]
      : [],
  );
  return sortQueueCalls(snapshots).map((s) => byId.get(s.callId)!);
}
