import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REALTIME_INIT_RETRY_MS } from '../constants';
import {
  createRealtimeConnectionRunner,
  initialRealtimeConnection,
  transitionRealtimeConnection,
  type RealtimeConnectionState,
  type RealtimeHostEffect,
} from './realtime-connection';

/*
 * How the connection recovers: a token refused in any state where a socket is being opened
 * (reconnecting included, or the screen would stay on "reconnecting"), and timers that never
 * outlive the attempt that scheduled them.
 */

const SOCKET_PENDING: RealtimeConnectionState[] = ['connecting', 'connection-failed', 'reconnecting'];

describe('a refused token while a socket is being opened', () => {
  for (const state of SOCKET_PENDING) {
    it(`${state}: refreshes the token, then reopens the socket`, () => {
      const from = { ...initialRealtimeConnection, state, hasConnected: state === 'reconnecting' };
      const rejected = transitionRealtimeConnection(from, { type: 'auth-rejected' });
      expect(rejected.effects).toEqual([{ type: 'refresh-token' }]);
      expect(rejected.snapshot).toBe(from);
      expect(transitionRealtimeConnection(rejected.snapshot, { type: 'token-refreshed' }).effects).toEqual([
        { type: 'open-socket' },
      ]);
    });
  }
});

describe('the runner recovering a lost connection', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const connectedRunner = () => {
    const performed: RealtimeHostEffect['type'][] = [];
    const runner = createRealtimeConnectionRunner((effect) => performed.push(effect.type));
    runner.dispatch({ type: 'start' });
    runner.dispatch({ type: 'initialized' });
    runner.dispatch({ type: 'socket-connected' });
    performed.length = 0;
    return { runner, performed };
  };

  it('a token refused while reconnecting is refreshed and the connection comes back, catching up', () => {
    const { runner, performed } = connectedRunner();
    runner.dispatch({ type: 'connection-lost' });
    runner.dispatch({ type: 'auth-rejected' });
    expect(performed).toEqual(['refresh-token']);
    runner.dispatch({ type: 'token-refreshed' });
    runner.dispatch({ type: 'socket-connected' });
    expect(performed).toEqual(['refresh-token', 'open-socket', 'load']);
    expect(runner.getSnapshot().state).toBe('connected');
  });

  it('a refresh refused while reconnecting recreates the client, which reconnects', () => {
    const { runner, performed } = connectedRunner();
    runner.dispatch({ type: 'connection-lost' });
    runner.dispatch({ type: 'auth-rejected' });
    runner.dispatch({ type: 'token-refresh-failed' });
    expect(runner.getSnapshot().state).toBe('initializing');
    vi.advanceTimersByTime(REALTIME_INIT_RETRY_MS);
    runner.dispatch({ type: 'initialized' });
    expect(runner.getSnapshot().state).toBe('reconnecting');
    expect(performed).toEqual(['refresh-token', 'destroy-client', 'initialize', 'open-socket']);
  });
});

describe('timers never outlive the attempt that scheduled them', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const failedInit = () => {
    const performed: RealtimeHostEffect['type'][] = [];
    const runner = createRealtimeConnectionRunner((effect) => performed.push(effect.type));
    runner.dispatch({ type: 'start' });
    runner.dispatch({ type: 'initialization-failed', reason: 'other', hasTeam: true });
    expect(vi.getTimerCount()).toBe(1);
    return { runner, performed };
  };

  it('stop cancels the pending retry: a start soon after is not followed by a stray retry', () => {
    const { runner, performed } = failedInit();
    runner.dispatch({ type: 'stop' });
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(REALTIME_INIT_RETRY_MS / 3);
    runner.dispatch({ type: 'start' });
    vi.advanceTimersByTime(REALTIME_INIT_RETRY_MS);
    expect(performed).toEqual(['initialize', 'close-socket', 'initialize']);
  });

  it('dispose cancels pending timers', () => {
    const { runner } = failedInit();
    runner.dispose();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('a failed token refresh cancels a pending load retry', () => {
    const runner = createRealtimeConnectionRunner(() => undefined);
    runner.dispatch({ type: 'start' });
    runner.dispatch({ type: 'initialized' });
    runner.dispatch({ type: 'socket-connected' });
    runner.dispatch({ type: 'load-failed' });
    expect(vi.getTimerCount()).toBe(1);
    runner.dispatch({ type: 'token-refresh-failed' });
    // Only the client's re-creation is pending, not the load retry.
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(REALTIME_INIT_RETRY_MS);
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('what the runner tells its listeners', () => {
  it('only changes, and nothing after unsubscribing', () => {
    const runner = createRealtimeConnectionRunner(() => undefined);
    const seen: RealtimeConnectionState[] = [];
    const unsubscribe = runner.subscribe((s) => seen.push(s.state));
    runner.dispatch({ type: 'start' });
    runner.dispatch({ type: 'socket-closed' }); // ignored while initialising: no news
    runner.dispatch({ type: 'initialized' });
    unsubscribe();
    runner.dispatch({ type: 'socket-connected' });
    expect(seen).toEqual(['initializing', 'connecting']);
    expect(runner.getSnapshot().state).toBe('connected');
  });

  it('a load that ends after the connection dropped changes nothing', () => {
    const from = {
      ...initialRealtimeConnection,
      state: 'reconnecting' as const,
      hasConnected: true,
      loadAttempts: 2,
    };
    expect(transitionRealtimeConnection(from, { type: 'load-succeeded' }).snapshot).toBe(from);
  });
});

describe('transitions that change nothing keep the same snapshot', () => {
  it('a load that succeeds with no retry counted is no news', () => {
    const from = { ...initialRealtimeConnection, state: 'connected' as const, hasConnected: true };
    expect(transitionRealtimeConnection(from, { type: 'load-succeeded' }).snapshot).toBe(from);
  });

  it('an event or timer the machine does not know throws instead of being dropped', () => {
    const from = { ...initialRealtimeConnection, state: 'connected' as const };
    expect(() => transitionRealtimeConnection(from, { type: 'teleported' } as never)).toThrow('Unreachable');
    expect(() => transitionRealtimeConnection(from, { type: 'timer', timer: 'snooze' } as never)).toThrow(
      'Unreachable',
    );
  });
});
