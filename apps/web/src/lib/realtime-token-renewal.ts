import { refreshAccessToken } from './api';
import type { RealtimeSocket } from './realtime-socket';
import { getAccessToken, subscribeSession } from './session-store';

/** Seconds before its access token expires that an open connection gets a fresh one. */
const RENEW_AHEAD_S = 60;

/** The `exp` claim (epoch s) of a token, or null. */
function expiryOf(token: string): number | null {
  try {
    const exp = (
      JSON.parse(atob(token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: unknown }
    ).exp;
    return typeof exp === 'number' ? exp : null;
  } catch {
    return null;
  }
}

/** What the realtime client tells the renewal of its socket's state (`watchSocketToken`). */
export type SocketTokenRenewal = {
  /** The socket connected: its handshake carried the current token; the next one is handed over. */
  connected: () => void;
  /** The socket closed: no more refreshes on its behalf. */
  disconnected: () => void;
};

/**
 * Keeps an open socket authorised (docs/behaviour/realtime.md): the server closes a socket when
 * its access token expires (a socket lives no longer than its session's access), so while
 * connected the client refreshes the token a minute before it expires and hands every new token
 * to the server over the socket (`auth:renew`). A refused refresh expires the session through the
 * api client; nothing more to do here.
 * @param currentSocket the realtime client's socket now (null before it exists).
 */
export function watchSocketToken(currentSocket: () => RealtimeSocket | null): SocketTokenRenewal {
  let renewedToken: string | null = null;
  let renewTimer: ReturnType<typeof setTimeout> | null = null;

  function refreshBeforeExpiry(token: string): void {
    if (renewTimer !== null) clearTimeout(renewTimer);
    const exp = expiryOf(token);
    if (exp === null) return;
    renewTimer = setTimeout(
      () => void refreshAccessToken().catch(() => undefined),
      Math.max(0, (exp - RENEW_AHEAD_S) * 1000 - Date.now()),
    );
  }

  subscribeSession(() => {
    const token = getAccessToken();
    const socket = currentSocket();
    if (!socket?.connected || token === null || token === renewedToken) return;
    renewedToken = token;
    socket.emit('auth:renew', token, () => undefined);
    refreshBeforeExpiry(token);
  });

  return {
    connected: () => {
      renewedToken = getAccessToken();
      if (renewedToken !== null) refreshBeforeExpiry(renewedToken);
    },
    disconnected: () => {
      if (renewTimer !== null) clearTimeout(renewTimer);
      renewTimer = null;
    },
  };
}
