import { describe, expect, it } from 'vitest';
import { QUEUE_CALL_CHECK_EVERY_SECONDS, QUEUE_CALL_START_SECONDS } from './constants';
import {
  QUEUE_CALL_STATUSES,
  queuedCall,
  sortQueueCalls,
  transitionQueueCall,
  type QueueCallEvent,
  type QueueCallSnapshot,
  type QueueCallStatus,
} from './queue-call';

const at = (status: QueueCallStatus, patch: Partial<QueueCallSnapshot> = {}): QueueCallSnapshot => ({
  ...queuedCall('CA1', 0),
  status,
  parkNo: status === 'parked' ? 3 : null,
  ...patch,
});
const step = (s: QueueCallSnapshot, e: QueueCallEvent) => transitionQueueCall(s, e);

const STATUS_EVENTS: QueueCallEvent[] = [
  { type: 'ringing' },
  { type: 'answered' },
  { type: 'parked', parkNo: 7 },
  { type: 'picked' },
  { type: 'requeued' },
  { type: 'completed' },
];

/** Expected next status for every (status, event) pair; absent = ignored. */
const TABLE: Record<QueueCallStatus, Partial<Record<QueueCallEvent['type'], QueueCallStatus>>> = {
  queued: { ringing: 'ringing', answered: 'in-progress', parked: 'parked', completed: 'completed' },
  ringing: { answered: 'in-progress', parked: 'parked', requeued: 'queued', completed: 'completed' },
  'in-progress': { parked: 'parked', completed: 'completed' },
  parked: { picked: 'in-progress', completed: 'completed' },
  completed: {},
};

describe('queue call statuses', () => {
  for (const status of QUEUE_CALL_STATUSES) {
    for (const event of STATUS_EVENTS) {
      const expected = TABLE[status][event.type] ?? status;
      it(`${status} + ${event.type} → ${expected}`, () => {
        const { snapshot, effects } = step(at(status), event);
        expect(snapshot.status).toBe(expected);
        expect(effects).toEqual(
          expected === 'completed' && status !== 'completed' ? [{ type: 'release', callId: 'CA1' }] : [],
        );
      });
    }
  }

  it('keeps the park number while parked and drops it when picked', () => {
    const parked = step(at('in-progress'), { type: 'parked', parkNo: 7 }).snapshot;
    expect(parked.parkNo).toBe(7);
    expect(step(parked, { type: 'picked' }).snapshot.parkNo).toBeNull();
  });
});

describe('queue call timer', () => {
  it(`starts at ${QUEUE_CALL_START_SECONDS} s and ticks a second at a time while queued or parked`, () => {
    expect(queuedCall('CA1', 0).heldSeconds).toBe(QUEUE_CALL_START_SECONDS);
    expect(step(at('queued'), { type: 'tick' }).snapshot.heldSeconds).toBe(QUEUE_CALL_START_SECONDS + 1);
    expect(step(at('parked'), { type: 'tick' }).snapshot.heldSeconds).toBe(QUEUE_CALL_START_SECONDS + 1);
    for (const status of ['ringing', 'in-progress', 'completed'] as const) {
      expect(step(at(status), { type: 'tick' }).snapshot.heldSeconds).toBe(QUEUE_CALL_START_SECONDS);
    }
  });

  it('asks the server about the call once past the threshold, and only once at a time', () => {
    const s = at('queued', { heldSeconds: QUEUE_CALL_CHECK_EVERY_SECONDS });
    const a = step(s, { type: 'tick' });
    expect(a.effects).toEqual([{ type: 'check-call', callId: 'CA1' }]);
    expect(step(a.snapshot, { type: 'tick' }).effects).toEqual([]);
    expect(
      step(at('queued', { heldSeconds: QUEUE_CALL_CHECK_EVERY_SECONDS - 1 }), { type: 'tick' }).effects,
    ).toEqual([]);
  });

  it('extends the threshold while the call still exists; releases it when completed or on error', () => {
    const checking = at('queued', { heldSeconds: QUEUE_CALL_CHECK_EVERY_SECONDS + 1, checking: true });
    const still = step(checking, { type: 'check-result', completed: false });
    expect(still.snapshot).toMatchObject({
      checking: false,
      checkAtSeconds: 2 * QUEUE_CALL_CHECK_EVERY_SECONDS,
      status: 'queued',
    });
    expect(step(checking, { type: 'check-result', completed: true }).effects).toEqual([
      { type: 'release', callId: 'CA1' },
    ]);
    const failed = step(checking, { type: 'check-failed' });
    expect(failed.snapshot.status).toBe('completed');
    expect(failed.effects).toEqual([{ type: 'release', callId: 'CA1' }]);
  });

  it('ignores check answers it did not ask for', () => {
    expect(step(at('queued'), { type: 'check-result', completed: true }).effects).toEqual([]);
    expect(step(at('queued'), { type: 'check-failed' }).effects).toEqual([]);
  });
});

describe('queue panel order', () => {
  it('waiting calls by arrival, then ringing or answered by arrival, then parked by park number; completed left out', () => {
    const calls = [
      { ...queuedCall('late', 20) },
      { ...queuedCall('early', 10) },
      { ...queuedCall('p9', 1), status: 'parked' as const, parkNo: 9 },
      { ...queuedCall('p2', 30), status: 'parked' as const, parkNo: 2 },
      { ...queuedCall('talk', 5), status: 'in-progress' as const },
      { ...queuedCall('gone', 0), status: 'completed' as const },
    ];
    expect(sortQueueCalls(calls).map((c) => c.callId)).toEqual(['early', 'late', 'talk', 'p2', 'p9']);
    expect(calls.map((c) => c.callId)).toEqual(['late', 'early', 'p9', 'p2', 'talk', 'gone']);
  });
});

describe('queue call: details the status table does not show', () => {
  it('a parked call parked again keeps its park number', () => {
    expect(step(at('parked', { parkNo: 3 }), { type: 'parked', parkNo: 7 })).toEqual({
      snapshot: at('parked', { parkNo: 3 }),
      effects: [],
    });
  });

  it('a released call is no longer being checked', () => {
    const checking = at('queued', { checking: true });
    expect(step(checking, { type: 'check-result', completed: true }).snapshot).toMatchObject({
      status: 'completed',
      checking: false,
      parkNo: null,
    });
    expect(step(checking, { type: 'completed' }).snapshot.checking).toBe(false);
  });

  it('orders by status group before arrival, and parked calls by park number whatever their arrival', () => {
    const calls = [
      { ...queuedCall('pA', 1), status: 'parked' as const, parkNo: 5 },
      { ...queuedCall('talk', 100), status: 'in-progress' as const },
      { ...queuedCall('q1', 50) },
      { ...queuedCall('pB', 200), status: 'parked' as const, parkNo: 1 },
      { ...queuedCall('r', 0), status: 'ringing' as const },
      { ...queuedCall('pC', 2), status: 'parked' as const, parkNo: 3 },
      { ...queuedCall('q2', 40) },
    ];
    expect(sortQueueCalls(calls).map((c) => c.callId)).toEqual(['q2', 'q1', 'r', 'talk', 'pB', 'pC', 'pA']);
  });
});
