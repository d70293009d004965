import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REALTIME_INIT_RETRY_MS, REALTIME_LOAD_MAX_RETRIES, REALTIME_LOAD_RETRY_BASE_MS } from '../constants';
import {
  REALTIME_CONNECTION_STATES,
  createRealtimeConnectionRunner,
  initialRealtimeConnection,
  loadRetryDelayMs,
  transitionRealtimeConnection,
  type RealtimeConnectionEvent,
  type RealtimeConnectionSnapshot,
  type RealtimeConnectionState,
  type RealtimeHostEffect,
} from './realtime-connection';

const ALL_EVENTS: RealtimeConnectionEvent[] = [
  { type: 'start' },
  { type: 'stop' },
  { type: 'initialized' },
  { type: 'initialization-failed', reason: 'auth', hasTeam: false },
  { type: 'initialization-failed', reason: 'auth', hasTeam: true },
  { type: 'initialization-failed', reason: 'other', hasTeam: false },
  { type: 'socket-connected' },
  { type: 'socket-closed' },
  { type: 'connect-failed' },
  { type: 'auth-rejected' },
  { type: 'connection-lost' },
  { type: 'reconnect-attempt' },
  { type: 'token-refreshed' },
  { type: 'token-refresh-failed' },
  { type: 'load-succeeded' },
  { type: 'load-failed' },
  { type: 'timer', timer: 'init-retry' },
  { type: 'timer', timer: 'load-retry' },
];

const at = (
  state: RealtimeConnectionState,
  patch: Partial<RealtimeConnectionSnapshot> = {},
): RealtimeConnectionSnapshot => ({
  ...initialRealtimeConnection,
  state,
  ...patch,
});
const step = (s: RealtimeConnectionSnapshot, e: RealtimeConnectionEvent) =>
  transitionRealtimeConnection(s, e);
const types = (effects: { type: string }[]) => effects.map((e) => e.type);

/** Expected next state for every (state, event) pair; absent = the event is ignored. */
const TABLE: Partial<Record<RealtimeConnectionState, Partial<Record<string, RealtimeConnectionState>>>> = {
  disconnected: { start: 'initializing' },
  'initialization-failed': { start: 'initializing', stop: 'disconnecting' },
  initializing: {
    stop: 'disconnecting',
    initialized: 'connecting',
    'initialization-failed:auth:false': 'initialization-failed',
    'initialization-failed:auth:true': 'initializing',
    'initialization-failed:other:false': 'initializing',
    'token-refresh-failed': 'initializing',
    'timer:init-retry': 'initializing',
  },
  connecting: {
    stop: 'disconnecting',
    'socket-connected': 'connected',
    'connect-failed': 'connection-failed',
    'auth-rejected': 'connecting',
    'token-refreshed': 'connecting',
    'token-refresh-failed': 'initializing',
  },
  'connection-failed': {
    stop: 'disconnecting',
    'socket-connected': 'connected',
    'auth-rejected': 'connection-failed',
    'reconnect-attempt': 'reconnecting',
    'token-refreshed': 'connection-failed',
    'token-refresh-failed': 'initializing',
  },
  connected: {
    stop: 'disconnecting',
    'connection-lost': 'reconnecting',
    'reconnect-attempt': 'reconnecting',
    'token-refresh-failed': 'initializing',
    'load-failed': 'connected',
    'load-succeeded': 'connected',
    'timer:load-retry': 'connected',
  },
  reconnecting: {
    stop: 'disconnecting',
    'socket-connected': 'connected',
    'auth-rejected': 'reconnecting',
    'token-refreshed': 'reconnecting',
    'token-refresh-failed': 'initializing',
  },
  disconnecting: { start: 'initializing', 'socket-closed': 'disconnected' },
};

const key = (e: RealtimeConnectionEvent) =>
  e.type === 'initialization-failed'
    ? `${e.type}:${e.reason}:${e.hasTeam}`
    : e.type === 'timer'
      ? `timer:${e.timer}`
      : e.type;

describe('realtime connection transitions', () => {
  for (const state of REALTIME_CONNECTION_STATES) {
    for (const event of ALL_EVENTS) {
      const expected = TABLE[state]?.[key(event)];
      it(`${state} + ${key(event)} → ${expected ?? 'ignored'}`, () => {
        const from = at(state);
        const { snapshot, effects } = step(from, event);
        if (expected === undefined) {
          expect(snapshot).toBe(from);
          expect(effects).toEqual([]);
        } else {
          expect(snapshot.state).toBe(expected);
        }
      });
    }
  }

  it('start initialises from scratch', () => {
    const { snapshot, effects } = step(at('disconnected', { hasConnected: true, loadAttempts: 3 }), {
      type: 'start',
    });
    expect(snapshot).toEqual({ ...initialRealtimeConnection, state: 'initializing' });
    expect(types(effects)).toEqual(['cancel-timers', 'initialize']);
  });

  it('a failed authentication with no team gives initialization-failed, without retry', () => {
    const { snapshot, effects } = step(at('initializing'), {
      type: 'initialization-failed',
      reason: 'auth',
      hasTeam: false,
    });
    expect(snapshot.state).toBe('initialization-failed');
    expect(effects).toEqual([]);
  });

  it('any other initialisation failure is retried after REALTIME_INIT_RETRY_MS', () => {
    const { snapshot, effects } = step(at('initializing'), {
      type: 'initialization-failed',
      reason: 'other',
      hasTeam: true,
    });
    expect(snapshot.initAttempts).toBe(1);
    expect(effects).toEqual([{ type: 'schedule', timer: 'init-retry', delayMs: REALTIME_INIT_RETRY_MS }]);
    expect(step(snapshot, { type: 'timer', timer: 'init-retry' }).effects).toEqual([{ type: 'initialize' }]);
  });

  it('opens the socket once initialised; the first connect loads nothing, a reconnect catches up', () => {
    const init = step(at('initializing'), { type: 'initialized' });
    expect(init.effects).toEqual([{ type: 'open-socket' }]);
    const first = step(init.snapshot, { type: 'socket-connected' });
    expect(first.snapshot.hasConnected).toBe(true);
    expect(first.effects).toEqual([]);
    const lost = step(first.snapshot, { type: 'connection-lost' });
    const again = step(lost.snapshot, { type: 'socket-connected' });
    expect(again.snapshot.state).toBe('connected');
    expect(again.effects).toEqual([{ type: 'load' }]);
  });

  it('a refused token is refreshed, then the socket reopened; a failed refresh recreates the client', () => {
    expect(step(at('connecting'), { type: 'auth-rejected' }).effects).toEqual([{ type: 'refresh-token' }]);
    expect(step(at('connecting'), { type: 'token-refreshed' }).effects).toEqual([{ type: 'open-socket' }]);
    const failed = step(at('reconnecting', { hasConnected: true, loadAttempts: 2 }), {
      type: 'token-refresh-failed',
    });
    expect(failed.snapshot).toMatchObject({ state: 'initializing', loadAttempts: 0, hasConnected: true });
    expect(failed.effects).toEqual([
      { type: 'cancel-timers' },
      { type: 'destroy-client' },
      { type: 'schedule', timer: 'init-retry', delayMs: REALTIME_INIT_RETRY_MS },
    ]);
    expect(step(failed.snapshot, { type: 'timer', timer: 'init-retry' }).effects).toEqual([
      { type: 'initialize' },
    ]);
    expect(step(failed.snapshot, { type: 'initialized' }).snapshot.state).toBe('reconnecting');
  });

  it('load failures are retried with growing delay, then the token is re-authenticated', () => {
    let s = at('connected', { hasConnected: true });
    for (let attempt = 1; attempt <= REALTIME_LOAD_MAX_RETRIES; attempt++) {
      const r = step(s, { type: 'load-failed' });
      expect(r.effects).toEqual([
        { type: 'schedule', timer: 'load-retry', delayMs: attempt * REALTIME_LOAD_RETRY_BASE_MS },
      ]);
      s = r.snapshot;
    }
    const exhausted = step(s, { type: 'load-failed' });
    expect(exhausted.snapshot).toMatchObject({ state: 'reconnecting', loadAttempts: 0 });
    expect(types(exhausted.effects)).toEqual(['close-socket', 'refresh-token']);
  });

  it('a successful load resets the retry count', () => {
    const s = step(at('connected', { loadAttempts: 3 }), { type: 'load-succeeded' });
    expect(s.snapshot.loadAttempts).toBe(0);
  });

  it('stop cancels timers and closes the socket; the close ends in disconnected', () => {
    const stop = step(at('connected'), { type: 'stop' });
    expect(types(stop.effects)).toEqual(['cancel-timers', 'close-socket']);
    expect(step(stop.snapshot, { type: 'socket-closed' }).snapshot.state).toBe('disconnected');
  });

  it('loadRetryDelayMs grows linearly', () => {
    expect([1, 2, 3].map(loadRetryDelayMs)).toEqual([1000, 2000, 3000]);
  });
});

describe('realtime connection runner (timers)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const setup = () => {
    const performed: RealtimeHostEffect['type'][] = [];
    const runner = createRealtimeConnectionRunner((effect) => performed.push(effect.type));
    const states: RealtimeConnectionState[] = [];
    runner.subscribe((s) => {
      if (states.at(-1) !== s.state) states.push(s.state);
    });
    return { runner, performed, states };
  };

  it('retries initialisation 3 s after a failure, not before', () => {
    const { runner, performed } = setup();
    runner.dispatch({ type: 'start' });
    runner.dispatch({ type: 'initialization-failed', reason: 'other', hasTeam: true });
    expect(performed).toEqual(['initialize']);
    vi.advanceTimersByTime(REALTIME_INIT_RETRY_MS - 1);
    expect(performed).toEqual(['initialize']);
    vi.advanceTimersByTime(1);
    expect(performed).toEqual(['initialize', 'initialize']);
  });

  it('retries loading with growing delays, then re-authenticates', () => {
    const { runner, performed } = setup();
    runner.dispatch({ type: 'start' });
    runner.dispatch({ type: 'initialized' });
    runner.dispatch({ type: 'socket-connected' });
    performed.length = 0;
    for (let attempt = 1; attempt <= REALTIME_LOAD_MAX_RETRIES; attempt++) {
      runner.dispatch({ type: 'load-failed' });
      vi.advanceTimersByTime(attempt * REALTIME_LOAD_RETRY_BASE_MS - 1);
      expect(performed.filter((t) => t === 'load')).toHaveLength(attempt - 1);
      vi.advanceTimersByTime(1);
      expect(performed.filter((t) => t === 'load')).toHaveLength(attempt);
    }
    runner.dispatch({ type: 'load-failed' });
    expect(performed.slice(-2)).toEqual(['close-socket', 'refresh-token']);
    expect(runner.getSnapshot().state).toBe('reconnecting');
  });

  it('recreates the client 3 s after a failed token refresh', () => {
    const { runner, performed } = setup();
    runner.dispatch({ type: 'start' });
    runner.dispatch({ type: 'initialized' });
    runner.dispatch({ type: 'auth-rejected' });
    runner.dispatch({ type: 'token-refresh-failed' });
    expect(performed).toEqual(['initialize', 'open-socket', 'refresh-token', 'destroy-client']);
    vi.advanceTimersByTime(REALTIME_INIT_RETRY_MS - 1);
    expect(performed).toHaveLength(4);
    vi.advanceTimersByTime(1);
    expect(performed.at(-1)).toBe('initialize');
  });

  it('stop cancels a pending retry timer', () => {
    const { runner, performed, states } = setup();
    runner.dispatch({ type: 'start' });
    runner.dispatch({ type: 'initialization-failed', reason: 'auth', hasTeam: true });
    runner.dispatch({ type: 'stop' });
    runner.dispatch({ type: 'socket-closed' });
    vi.advanceTimersByTime(REALTIME_INIT_RETRY_MS * 2);
    expect(performed).toEqual(['initialize', 'close-socket']);
    expect(states).toEqual(['initializing', 'disconnecting', 'disconnected']);
  });

  it('ignores everything after dispose', () => {
    const { runner, performed } = setup();
    runner.dispatch({ type: 'start' });
    runner.dispatch({ type: 'initialization-failed', reason: 'other', hasTeam: false });
    runner.dispose();
    vi.advanceTimersByTime(REALTIME_INIT_RETRY_MS);
    runner.dispatch({ type: 'initialized' });
    expect(performed).toEqual(['initialize']);
    expect(runner.getSnapshot().state).toBe('initializing');
  });
});
