import type { ClientToServerEvents, ServerToClientEvents } from '@accueil/domain';
import type { Socket } from 'socket.io';

/** A socket of a namespace other than the app's own (no sign-in there: the namespace decides). */
export type NamespaceSocket = Socket<ClientToServerEvents, ServerToClientEvents>;

/**
 * A Socket.IO namespace a module or a carrier serves besides the app's signed-in one (the
 * sandbox's `/sandbox`, where phone simulators watch numbers). `onConnection` sets up each
 * socket (its listeners, the rooms it joins); events reach it through
 * `RealtimePublisher.publishIn(name, room, …)`.
 */
export type RealtimeNamespace = {
  name: `/${string}`;
  onConnection(socket: NamespaceSocket): void;
};
