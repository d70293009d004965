import {
  createRealtimeConnectionRunner,
  type RealtimeConnectionState,
  type RealtimeEventName,
  type RealtimeEvents,
  type RealtimeHostEffect,
} from '@accueil/domain';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { ApiError, refreshAccessToken } from './api';
import type { RealtimeSocket } from './realtime-socket';
import { watchSocketToken } from './realtime-token-renewal';
import { expireSession, getAccessToken, getSessionState, onSessionExpired, onSignOut } from './session-store';

/**
 * The realtime client (docs/api.md "Realtime"): one Socket.IO connection driven by the
 * domain's connection machine (docs/behaviour/realtime.md). Handlers subscribe by event name and survive the
 * client being recreated; reconnect handlers run after every REconnect for REST catch-up.
 */
type AnyHandler = (payload: unknown) => void;
type ReconnectHandler = () => void | Promise<unknown>;

let socket: RealtimeSocket | null = null;
/** The socket module (Socket.IO client and event schemas), fetched once when the connection starts. */
let socketModule: Promise<typeof import('./realtime-socket')> | null = null;
function loadSocketModule(): Promise<typeof import('./realtime-socket')> {
  // A failed fetch (network) is forgotten, so the connection machine's retry fetches again.
  socketModule ??= import('./realtime-socket').catch((error: unknown) => {
    socketModule = null;
    throw error;
  });
  return socketModule;
}
const handlers = new Map<RealtimeEventName, Set<AnyHandler>>();
const reconnectHandlers = new Set<ReconnectHandler>();
const runner = createRealtimeConnectionRunner((effect) => perform(effect));
const dispatch: typeof runner.dispatch = (event) => queueMicrotask(() => runner.dispatch(event));
onSessionExpired(() => runner.dispatch({ type: 'stop' }));
onSignOut(() => runner.dispatch({ type: 'stop' }));

const tokenRenewal = watchSocketToken(() => socket);

/**
 * The inbox's events, which the polling transport delivers instead of the socket for organisations
 * in France (docs/behaviour/france.md). Spelt here rather than imported with the polling
 * contracts, whose schemas stay out of the inbox's first load.
 */
const INBOX_EVENTS: ReadonlySet<RealtimeEventName> = new Set([
  'message:created',
  'message:updated',
  'conversation:updated',
  'conversation:removed',
]);
let inboxEventsByPolling = false;

function emitToHandlers(name: RealtimeEventName, payload: unknown): void {
  for (const h of handlers.get(name) ?? []) h(payload);
}

function emitLocal(name: RealtimeEventName, payload: unknown): void {
  // One source per event: while polling carries the inbox's events, the socket's copies are dropped.
  if (inboxEventsByPolling && INBOX_EVENTS.has(name)) return;
  emitToHandlers(name, payload);
}

/**
 * Whether the polling transport delivers the inbox's events (France) instead of the socket, which
 * then carries the rest only (calls, presence, session). Set by the polling layer (`polling.ts`).
 */
export function deliverInboxEventsByPolling(on: boolean): void {
  inboxEventsByPolling = on;
}

/** Hands a polled event to the same handlers a socket event reaches (`useRealtimeEvent`). */
export function emitPolledEvent<K extends RealtimeEventName>(name: K, payload: RealtimeEvents[K]): void {
  emitToHandlers(name, payload);
}

/**
 * Runs the REST catch-up of every screen (the handlers of `useRealtimeReconnect`), as after a
 * reconnect: the polling transport calls it when the server says events were lost (`reset`).
 */
export async function runRealtimeCatchUp(): Promise<void> {
  await Promise.all([...reconnectHandlers].map((h) => Promise.resolve(h())));
}

function createSocket({ createRealtimeSocket }: typeof import('./realtime-socket')): RealtimeSocket {
  const s = createRealtimeSocket({
    token: getAccessToken,
    onConnect: () => {
      tokenRenewal.connected();
      dispatch({ type: 'socket-connected' });
    },
    onDisconnect: (reason) => {
      tokenRenewal.disconnected();
      if (reason === 'io client disconnect') return;
      dispatch({ type: 'connection-lost' });
      // The server closed us (token lapsed or revoked): no automatic retry, refresh first.
      if (reason === 'io server disconnect') dispatch({ type: 'auth-rejected' });
    },
    onConnectError: (message, active) => {
      if (message === 'unauthorized' || !active) dispatch({ type: 'auth-rejected' });
      else dispatch({ type: 'connect-failed' });
    },
    onReconnectAttempt: () => dispatch({ type: 'reconnect-attempt' }),
    onEvent: emitLocal,
  });
  return s;
}

async function initialize(): Promise<void> {
  const hasTeam = Boolean(getSessionState().context?.userGroup);
  try {
    const loading = loadSocketModule();
    // Awaited below; marked handled so a refresh that fails first leaves no unhandled rejection.
    loading.catch(() => undefined);
    if (getAccessToken() === null) await refreshAccessToken();
    const module = await loading;
    socket ??= createSocket(module);
    dispatch({ type: 'initialized' });
  } catch (error) {
    const auth = error instanceof ApiError && error.status === 401;
    dispatch({ type: 'initialization-failed', reason: auth ? 'auth' : 'other', hasTeam });
    if (auth) expireSession();
  }
}

async function load(): Promise<void> {
  try {
    await Promise.all([...reconnectHandlers].map((h) => Promise.resolve(h())));
    dispatch({ type: 'load-succeeded' });
  } catch {
    dispatch({ type: 'load-failed' });
  }
}

function perform(effect: RealtimeHostEffect): void {
  switch (effect.type) {
    case 'initialize':
      void initialize();
      return;
    case 'open-socket':
      if (socket) socket.connect();
      else
        loadSocketModule().then(
          (module) => (socket ??= createSocket(module)).connect(),
          () => dispatch({ type: 'connect-failed' }),
        );
      return;
    case 'close-socket':
      socket?.disconnect();
      dispatch({ type: 'socket-closed' });
      return;
    case 'destroy-client':
      socket?.removeAllListeners();
      socket?.io.removeAllListeners();
      socket?.disconnect();
      socket = null;
      return;
    case 'refresh-token':
      refreshAccessToken().then(
        () => dispatch({ type: 'token-refreshed' }),
        (error: unknown) => {
          dispatch({ type: 'token-refresh-failed' });
          // The refresh cookie is refused: the session is over, not just the socket.
          if (error instanceof ApiError && error.status === 401) expireSession();
        },
      );
      return;
    case 'load':
      void load();
      return;
  }
}

/** Opens the connection (after sign-in). */
export function startRealtime(): void {
  runner.dispatch({ type: 'start' });
}

/** Closes the connection (sign-out, expiry). */
export function stopRealtime(): void {
  runner.dispatch({ type: 'stop' });
}

/** Current connection state, outside React. */
export function getRealtimeState(): RealtimeConnectionState {
  return runner.getSnapshot().state;
}

/** Watch connection states, outside React. Returns the unsubscribe function. */
export function subscribeRealtimeState(listener: (state: RealtimeConnectionState) => void): () => void {
  return runner.subscribe((s) => listener(s.state));
}

/**
 * Subscribes `handler` to a server event outside React (the voice device); returns the
 * unsubscribe function.
 */
export function onRealtimeEvent<K extends RealtimeEventName>(
  name: K,
  handler: (payload: RealtimeEvents[K]) => void,
): () => void {
  const h: AnyHandler = (payload) => handler(payload as RealtimeEvents[K]);
  const set = handlers.get(name) ?? new Set<AnyHandler>();
  handlers.set(name, set);
  set.add(h);
  return () => {
    set.delete(h);
  };
}

/** Subscribes `handler` to a server event while the component is mounted (latest handler wins). */
export function useRealtimeEvent<K extends RealtimeEventName>(
  name: K,
  handler: (payload: RealtimeEvents[K]) => void,
): void {
  const ref = useRef(handler);
  useEffect(() => {
    ref.current = handler;
  });
  useEffect(() => {
    const h: AnyHandler = (payload) => ref.current(payload as RealtimeEvents[K]);
    const set = handlers.get(name) ?? new Set<AnyHandler>();
    handlers.set(name, set);
    set.add(h);
    return () => {
      set.delete(h);
    };
  }, [name]);
}

/**
 * Runs `handler` after every successful reconnect (not the first connect), for REST
 * catch-up. A returned promise that rejects counts as a failed load (retried).
 */
export function useRealtimeReconnect(handler: () => void | Promise<unknown>): void {
  const ref = useRef(handler);
  useEffect(() => {
    ref.current = handler;
  });
  useEffect(() => {
    const h: ReconnectHandler = () => ref.current();
    reconnectHandlers.add(h);
    return () => {
      reconnectHandlers.delete(h);
    };
  }, []);
}

/** The connection state (docs/behaviour/realtime.md), for the shell's indicator and notices. */
export function useRealtimeState(): RealtimeConnectionState {
  return useSyncExternalStore(
    (cb) => runner.subscribe(() => cb()),
    () => runner.getSnapshot().state,
  );
}

/** The raw socket, for features that emit (the sandbox namespace has its own). Null until started. */
export function getRealtimeSocket(): RealtimeSocket | null {
  return socket;
}
