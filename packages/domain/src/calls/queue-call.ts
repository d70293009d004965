import { assertUnreachable } from '../errors';
import { QUEUE_CALL_CHECK_EVERY_SECONDS, QUEUE_CALL_START_SECONDS } from './constants';

/**
 * A call in a team's queue, as the queue panel follows it (docs/behaviour/calls.md, "The
 * queue"): queued → ringing (offered to a staff member) → in progress (answered), or parked
 * with a park number and picked up later; completed removes it from the panel.
 */
export const QUEUE_CALL_STATUSES = ['queued', 'ringing', 'in-progress', 'parked', 'completed'] as const;
export type QueueCallStatus = (typeof QUEUE_CALL_STATUSES)[number];

export interface QueueCallSnapshot {
  callId: string;
  status: QueueCallStatus;
  /** Park number while parked, else null. */
  parkNo: number | null;
  /** Seconds the call has been held in the queue (starts at QUEUE_CALL_START_SECONDS). */
  heldSeconds: number;
  /** Held this long, the server is asked whether the call still exists. */
  checkAtSeconds: number;
  checking: boolean;
  /** Epoch ms the call entered the queue, to order waiting calls. */
  queuedAt: number;
}

export type QueueCallEvent =
  | { type: 'ringing' }
  | { type: 'answered' }
  | { type: 'parked'; parkNo: number }
  | { type: 'picked' }
  | { type: 'requeued' }
  | { type: 'completed' }
  | { type: 'tick' }
  | { type: 'check-result'; completed: boolean }
  | { type: 'check-failed' };

export type QueueCallEffect = { type: 'check-call'; callId: string } | { type: 'release'; callId: string };

export interface QueueCallTransition {
  snapshot: QueueCallSnapshot;
  effects: QueueCallEffect[];
}

/** A call that just entered the queue. */
export function queuedCall(callId: string, queuedAt: number): QueueCallSnapshot {
  return {
    callId,
    status: 'queued',
    parkNo: null,
    heldSeconds: QUEUE_CALL_START_SECONDS,
    checkAtSeconds: QUEUE_CALL_CHECK_EVERY_SECONDS,
    checking: false,
    queuedAt,
  };
}

const stay = (snapshot: QueueCallSnapshot): QueueCallTransition => ({ snapshot, effects: [] });
const go = (
  snapshot: QueueCallSnapshot,
  patch: Partial<QueueCallSnapshot>,
  effects: QueueCallEffect[] = [],
): QueueCallTransition => ({
  snapshot: { ...snapshot, ...patch },
  effects,
});
const release = (snapshot: QueueCallSnapshot): QueueCallTransition => ({
  snapshot: { ...snapshot, status: 'completed', parkNo: null, checking: false },
  effects: [{ type: 'release', callId: snapshot.callId }],
});
/** Waiting statuses, where the held time ticks. */
const isHeld = (s: QueueCallStatus) => s === 'queued' || s === 'parked';

/**
 * The queue call's rules as a pure function:
 * - queued → ringing → in progress; queued, ringing or in progress → parked (with a park
 *   number); parked → in progress when picked; ringing → queued again when nobody answers.
 * - While held (queued or parked) a tick each second adds a second; past the check threshold the
 *   server is asked about the call: completed → released; still there → the threshold moves
 *   on by QUEUE_CALL_CHECK_EVERY_SECONDS; an error → released.
 * - completed from any status releases the call. Completed is final.
 */
export function transitionQueueCall(snapshot: QueueCallSnapshot, event: QueueCallEvent): QueueCallTransition {
  const { status } = snapshot;
  if (status === 'completed') return stay(snapshot);
  switch (event.type) {
    case 'ringing':
      return status === 'queued' ? go(snapshot, { status: 'ringing' }) : stay(snapshot);
    case 'answered':
      return status === 'ringing' || status === 'queued'
        ? go(snapshot, { status: 'in-progress' })
        : stay(snapshot);
    case 'requeued':
      return status === 'ringing' ? go(snapshot, { status: 'queued' }) : stay(snapshot);
    case 'parked':
      if (status === 'parked') return stay(snapshot);
      return go(snapshot, { status: 'parked', parkNo: event.parkNo });
    case 'picked':
      return status === 'parked' ? go(snapshot, { status: 'in-progress', parkNo: null }) : stay(snapshot);
    case 'completed':
      return release(snapshot);
    case 'tick': {
      if (!isHeld(status)) return stay(snapshot);
      const heldSeconds = snapshot.heldSeconds + 1;
      if (heldSeconds > snapshot.checkAtSeconds && !snapshot.checking) {
        return go(snapshot, { heldSeconds, checking: true }, [
          { type: 'check-call', callId: snapshot.callId },
        ]);
      }
      return go(snapshot, { heldSeconds });
    }
    case 'check-result':
      if (!snapshot.checking) return stay(snapshot);
      if (event.completed) return release(snapshot);
      return go(snapshot, {
        checking: false,
        checkAtSeconds: snapshot.checkAtSeconds + QUEUE_CALL_CHECK_EVERY_SECONDS,
      });
    case 'check-failed':
      return snapshot.checking ? release(snapshot) : stay(snapshot);
    // Stryker disable next-line ConditionalExpression: unreachable, the switch covers every event type.
    default:
      return assertUnreachable(event);
  }
}

/**
 * The queue panel's order: waiting calls first by arrival, then calls ringing or in progress by
 * arrival, then parked calls by park number. Completed calls are left out.
 */
export function sortQueueCalls(calls: readonly QueueCallSnapshot[]): QueueCallSnapshot[] {
  const rank = (c: QueueCallSnapshot) => (c.status === 'queued' ? 0 : c.status === 'parked' ? 2 : 1);
  return (
    calls
      .filter((c) => c.status !== 'completed')
      // Equal ranks: both calls are parked or neither, so `a`'s status decides for both.
      .sort(
        (a, b) =>
          rank(a) - rank(b) ||
          (a.status === 'parked' ? (a.parkNo ?? 0) - (b.parkNo ?? 0) : a.queuedAt - b.queuedAt),
      )
  );
}
