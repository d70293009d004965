import type { ClientToServerEvents, ServerToClientEvents } from '@accueil/domain';
import type { Server, Socket } from 'socket.io';
import type { RequestContext } from '../http/request-context';

/** What the server keeps on an authenticated socket: its session, teams at connect, and when its token lapses (epoch ms). */
export type SocketData = { ctx: RequestContext; teamIds: string[]; expiresAt: number };

/** The app's Socket.IO server (signed-in namespace), typed with the shared event maps. */
export type RealtimeServer = Server<
  ClientToServerEvents,
  ServerToClientEvents,
  Record<string, never>,
  SocketData
>;

/** One authenticated socket of {@link RealtimeServer}. */
export type AppSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
