import {
  realtimeEventSchemas,
  type ClientToServerEvents,
  type RealtimeEventName,
  type RealtimeEvents,
  type ServerToClientEvents,
} from '@accueil/domain';
import { io, type Socket } from 'socket.io-client';

/** The app's Socket.IO connection, typed by the shared event maps. */
export type RealtimeSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** What the realtime client (`realtime.ts`) hears from its socket. */
export type RealtimeSocketHooks = {
  /** The access token the handshake carries (read at each connection attempt). */
  token: () => string | null;
  onConnect: () => void;
  /** Socket.IO's disconnect reason (`io server disconnect`, `io client disconnect`, `transport close`, …). */
  onDisconnect: (reason: string) => void;
  /** A refused or failed handshake; `active` is false when Socket.IO will not retry by itself. */
  onConnectError: (message: string, active: boolean) => void;
  onReconnectAttempt: () => void;
  /** A server event whose payload matches its shared schema; others are dropped. */
  onEvent: <K extends RealtimeEventName>(name: K, payload: RealtimeEvents[K]) => void;
};

/**
 * Creates (without connecting) the socket of the realtime client. This module holds the
 * Socket.IO client and the events' schemas (zod), which `realtime.ts` loads on demand when the
 * connection starts: neither is needed to draw the inbox, so they stay out of its first load
 * (apps/web/.size-limit.mjs). Every payload is checked against its event's schema before any
 * handler sees it.
 */
export function createRealtimeSocket(hooks: RealtimeSocketHooks): RealtimeSocket {
  const s: RealtimeSocket = io({
    path: '/socket.io',
    autoConnect: false,
    auth: (cb) => cb({ token: hooks.token() }),
  });
  s.on('connect', hooks.onConnect);
  s.on('disconnect', (reason) => hooks.onDisconnect(reason));
  s.on('connect_error', (err) => hooks.onConnectError(err.message, s.active));
  s.io.on('reconnect_attempt', hooks.onReconnectAttempt);
  s.onAny((name: string, payload: unknown) => {
    if (!(name in realtimeEventSchemas)) return;
    const event = name as RealtimeEventName;
    const parsed = realtimeEventSchemas[event].safeParse(payload);
    if (parsed.success) hooks.onEvent(event, parsed.data);
  });
  return s;
}
