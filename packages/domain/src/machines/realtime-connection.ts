import { REALTIME_INIT_RETRY_MS, REALTIME_LOAD_MAX_RETRIES, REALTIME_LOAD_RETRY_BASE_MS } from '../constants';
import { assertUnreachable } from '../errors';

/** The realtime connection's states, as the web app shows them (docs/behaviour/realtime.md). */
export const REALTIME_CONNECTION_STATES = [
  'initializing',
  'initialization-failed',
  'connection-failed',
  'connecting',
  'connected',
  'disconnecting',
  'disconnected',
  'reconnecting',
] as const;
export type RealtimeConnectionState = (typeof REALTIME_CONNECTION_STATES)[number];

/** The timers the machine asks for; a timer that fires comes back as a `timer` event. */
export type RealtimeTimer = 'init-retry' | 'load-retry';

/**
 * What happened to the connection. The socket layer reports socket events, the initialiser
 * reports how getting a token went, the catch-up loader how loading went.
 */
export type RealtimeConnectionEvent =
  | { type: 'start' }
  | { type: 'stop' }
  | { type: 'initialized' }
  | { type: 'initialization-failed'; reason: 'auth' | 'other'; hasTeam: boolean }
  | { type: 'socket-connected' }
  | { type: 'socket-closed' }
  | { type: 'connect-failed' }
  | { type: 'auth-rejected' }
  | { type: 'connection-lost' }
  | { type: 'reconnect-attempt' }
  | { type: 'token-refreshed' }
  | { type: 'token-refresh-failed' }
  | { type: 'load-succeeded' }
  | { type: 'load-failed' }
  | { type: 'timer'; timer: RealtimeTimer };

/**
 * What the machine asks its runner to do. `initialize`: get a token and create the client;
 * `open-socket` / `close-socket`; `destroy-client` (a token update failed: the client is
 * recreated); `refresh-token`; `load`: catch up through REST after a reconnect;
 * `schedule` / `cancel-timers`: handled by the runner itself.
 */
export type RealtimeConnectionEffect =
  | { type: 'initialize' }
  | { type: 'open-socket' }
  | { type: 'close-socket' }
  | { type: 'destroy-client' }
  | { type: 'refresh-token' }
  | { type: 'load' }
  | { type: 'schedule'; timer: RealtimeTimer; delayMs: number }
  | { type: 'cancel-timers' };

/** The machine's whole state: `hasConnected` tells a reconnect from the first connect. */
export interface RealtimeConnectionSnapshot {
  state: RealtimeConnectionState;
  hasConnected: boolean;
  initAttempts: number;
  loadAttempts: number;
}

export const initialRealtimeConnection: RealtimeConnectionSnapshot = {
  state: 'disconnected',
  hasConnected: false,
  initAttempts: 0,
  loadAttempts: 0,
};

export interface RealtimeTransition {
  snapshot: RealtimeConnectionSnapshot;
  effects: RealtimeConnectionEffect[];
}

/** Growing delay of the n-th (1-based) load retry: n × REALTIME_LOAD_RETRY_BASE_MS. */
export function loadRetryDelayMs(attempt: number): number {
  return attempt * REALTIME_LOAD_RETRY_BASE_MS;
}

const stay = (snapshot: RealtimeConnectionSnapshot): RealtimeTransition => ({ snapshot, effects: [] });
const go = (
  snapshot: RealtimeConnectionSnapshot,
  patch: Partial<RealtimeConnectionSnapshot>,
  effects: RealtimeConnectionEffect[] = [],
): RealtimeTransition => {
  const same = (Object.keys(patch) as (keyof RealtimeConnectionSnapshot)[]).every(
    (k) => patch[k] === snapshot[k],
  );
  return { snapshot: same ? snapshot : { ...snapshot, ...patch }, effects };
};

const isLive = (s: RealtimeConnectionState) =>
  s !== 'disconnected' && s !== 'disconnecting' && s !== 'initialization-failed';
const isSocketPending = (s: RealtimeConnectionState) =>
  s === 'connecting' || s === 'reconnecting' || s === 'connection-failed';

/**
 * The connection's rules as a pure function: (snapshot, event) → next snapshot + effects.
 * - Failed authentication with no team → initialization-failed; any other initialisation
 *   failure is retried after REALTIME_INIT_RETRY_MS.
 * - A failed load is retried up to REALTIME_LOAD_MAX_RETRIES times with a growing delay,
 *   then the token is re-authenticated and the socket reopened (which loads again).
 * - A refused token is refreshed; a failed refresh recreates the client (after
 *   REALTIME_INIT_RETRY_MS).
 * Events that do not apply to the current state are ignored (no effects).
 */
export function transitionRealtimeConnection(
  snapshot: RealtimeConnectionSnapshot,
  event: RealtimeConnectionEvent,
): RealtimeTransition {
  const { state } = snapshot;
  switch (event.type) {
    case 'start':
      if (isLive(state)) return stay(snapshot);
      return go(snapshot, { ...initialRealtimeConnection, state: 'initializing' }, [
        { type: 'cancel-timers' },
        { type: 'initialize' },
      ]);
    case 'stop':
      if (!isLive(state) && state !== 'initialization-failed') return stay(snapshot);
      return go(snapshot, { state: 'disconnecting' }, [{ type: 'cancel-timers' }, { type: 'close-socket' }]);
    case 'initialized':
      if (state !== 'initializing') return stay(snapshot);
      return go(snapshot, { state: snapshot.hasConnected ? 'reconnecting' : 'connecting', initAttempts: 0 }, [
        { type: 'open-socket' },
      ]);
    case 'initialization-failed':
      if (state !== 'initializing') return stay(snapshot);
      if (event.reason === 'auth' && !event.hasTeam) return go(snapshot, { state: 'initialization-failed' });
      return go(snapshot, { initAttempts: snapshot.initAttempts + 1 }, [
        { type: 'schedule', timer: 'init-retry', delayMs: REALTIME_INIT_RETRY_MS },
      ]);
    case 'socket-connected': {
      if (!isSocketPending(state)) return stay(snapshot);
      const effects: RealtimeConnectionEffect[] = snapshot.hasConnected ? [{ type: 'load' }] : [];
      return go(snapshot, { state: 'connected', hasConnected: true }, effects);
    }
    case 'socket-closed':
      return state === 'disconnecting' ? go(snapshot, { state: 'disconnected' }) : stay(snapshot);
    case 'connect-failed':
      if (state === 'connecting') return go(snapshot, { state: 'connection-failed' });
      return stay(snapshot);
    case 'auth-rejected':
      if (!isSocketPending(state)) return stay(snapshot);
      return go(snapshot, {}, [{ type: 'refresh-token' }]);
    case 'connection-lost':
      return state === 'connected' ? go(snapshot, { state: 'reconnecting' }) : stay(snapshot);
    case 'reconnect-attempt':
      return state === 'connection-failed' || state === 'connected'
        ? go(snapshot, { state: 'reconnecting' })
        : stay(snapshot);
    case 'token-refreshed':
      return isSocketPending(state) ? go(snapshot, {}, [{ type: 'open-socket' }]) : stay(snapshot);
    case 'token-refresh-failed':
      if (!isLive(state)) return stay(snapshot);
      // The client is recreated, after the init retry delay so a refusing server is not hammered.
      return go(snapshot, { state: 'initializing', loadAttempts: 0 }, [
        { type: 'cancel-timers' },
        { type: 'destroy-client' },
        { type: 'schedule', timer: 'init-retry', delayMs: REALTIME_INIT_RETRY_MS },
      ]);
    case 'load-succeeded':
      return state === 'connected' ? go(snapshot, { loadAttempts: 0 }) : stay(snapshot);
    case 'load-failed':
      return onLoadFailed(snapshot);
    case 'timer':
      return onTimer(snapshot, event.timer);
    default:
      return assertUnreachable(event);
  }
}

function onLoadFailed(snapshot: RealtimeConnectionSnapshot): RealtimeTransition {
  if (snapshot.state !== 'connected') return stay(snapshot);
  if (snapshot.loadAttempts < REALTIME_LOAD_MAX_RETRIES) {
    const attempt = snapshot.loadAttempts + 1;
    return go(snapshot, { loadAttempts: attempt }, [
      { type: 'schedule', timer: 'load-retry', delayMs: loadRetryDelayMs(attempt) },
    ]);
  }
  // Retries exhausted: re-authenticate, then reopen the socket, whose reconnect loads again.
  return go(snapshot, { state: 'reconnecting', loadAttempts: 0 }, [
    { type: 'close-socket' },
    { type: 'refresh-token' },
  ]);
}

function onTimer(snapshot: RealtimeConnectionSnapshot, timer: RealtimeTimer): RealtimeTransition {
  switch (timer) {
    case 'init-retry':
      return snapshot.state === 'initializing' ? go(snapshot, {}, [{ type: 'initialize' }]) : stay(snapshot);
    case 'load-retry':
      return snapshot.state === 'connected' ? go(snapshot, {}, [{ type: 'load' }]) : stay(snapshot);
    default:
      return assertUnreachable(timer);
  }
}

/** Effects the runner hands to its host (timers are the runner's own business). */
export type RealtimeHostEffect = Exclude<
  RealtimeConnectionEffect,
  { type: 'schedule' } | { type: 'cancel-timers' }
>;

/** A running machine: feed it events, read or watch its snapshot. */
export interface RealtimeConnectionRunner {
  dispatch(event: RealtimeConnectionEvent): void;
  getSnapshot(): RealtimeConnectionSnapshot;
  subscribe(listener: (snapshot: RealtimeConnectionSnapshot) => void): () => void;
  /** Cancels pending timers; the runner ignores events afterwards. */
  dispose(): void;
}

/**
 * Runs the machine: applies transitions, keeps the timers (setTimeout) and hands every other
 * effect to `perform`, which may dispatch further events (synchronously or later).
 */
export function createRealtimeConnectionRunner(
  perform: (effect: RealtimeHostEffect) => void,
): RealtimeConnectionRunner {
  let snapshot = initialRealtimeConnection;
  let disposed = false;
  const timers = new Set<ReturnType<typeof setTimeout>>();
  const listeners = new Set<(s: RealtimeConnectionSnapshot) => void>();
  const cancelTimers = () => {
    for (const t of timers) clearTimeout(t);
    // Stryker disable next-line BlockStatement,CallExpression: memory only (clearing a fired or cleared handle does nothing).
    timers.clear();
  };

  const dispatch = (event: RealtimeConnectionEvent): void => {
    if (disposed) return;
    const next = transitionRealtimeConnection(snapshot, event);
    const changed = next.snapshot !== snapshot;
    snapshot = next.snapshot;
    if (changed) for (const l of listeners) l(snapshot);
    for (const effect of next.effects) {
      if (effect.type === 'cancel-timers') cancelTimers();
      else if (effect.type === 'schedule') {
        const handle = setTimeout(() => {
          // Stryker disable next-line BlockStatement,CallExpression: memory only (clearing a fired handle does nothing).
          timers.delete(handle);
          dispatch({ type: 'timer', timer: effect.timer });
        }, effect.delayMs);
        timers.add(handle);
      } else perform(effect);
    }
  };

  return {
    dispatch,
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    dispose() {
      disposed = true;
      cancelTimers();
      // Stryker disable next-line CallExpression: memory only (a disposed runner notifies no one).
      listeners.clear();
    },
  };
}
