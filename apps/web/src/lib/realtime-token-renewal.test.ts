import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const refreshAccessToken = vi.fn(() => Promise.resolve());
vi.mock('./api', () => ({ refreshAccessToken: () => refreshAccessToken() }));

const { watchSocketToken } = await import('./realtime-token-renewal');
const { setAccessToken } = await import('./session-store');
import type { RealtimeSocket } from './realtime-socket';

/** An unsigned JWT whose only claim is `exp` (epoch s): all the renewal reads of a token. */
function tokenExpiringAt(expMs: number, salt = ''): string {
  const payload = btoa(JSON.stringify({ exp: Math.floor(expMs / 1000), salt }));
  return `e30.${payload.replace(/=+$/, '')}.sig`;
}

describe('watchSocketToken', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: new Date('2026-11-29T12:00:00Z') });
    refreshAccessToken.mockClear();
    setAccessToken(null);
  });
  afterEach(() => vi.useRealTimers());

  it('refreshes the token a minute before it expires, and hands each new token to the connected socket once', async () => {
    // Each test's socket of its own: the renewals of earlier tests still listen to the session.
    const socket = { connected: false, emit: vi.fn() };
    const renewal = watchSocketToken(() => socket as unknown as RealtimeSocket);
    const first = tokenExpiringAt(Date.now() + 15 * 60_000);
    setAccessToken(first);
    socket.connected = true;
    renewal.connected();
    // The handshake carried `first`: it is not sent again.
    expect(socket.emit).not.toHaveBeenCalled();

    await vi.advanceTimersByTimeAsync(14 * 60_000 - 1_000);
    expect(refreshAccessToken).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(refreshAccessToken).toHaveBeenCalledTimes(1);

    const second = tokenExpiringAt(Date.now() + 15 * 60_000, 'b');
    setAccessToken(second);
    setAccessToken(second);
    expect(socket.emit).toHaveBeenCalledTimes(1);
    expect(socket.emit).toHaveBeenCalledWith('auth:renew', second, expect.any(Function));
    socket.connected = false;
    renewal.disconnected();
  });

  it('neither sends nor refreshes for a socket that is closed', async () => {
    const socket = { connected: false, emit: vi.fn() };
    const renewal = watchSocketToken(() => socket as unknown as RealtimeSocket);
    setAccessToken(tokenExpiringAt(Date.now() + 2 * 60_000));
    socket.connected = true;
    renewal.connected();
    renewal.disconnected();
    socket.connected = false;
    setAccessToken(tokenExpiringAt(Date.now() + 5 * 60_000, 'c'));
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(socket.emit).not.toHaveBeenCalled();
    expect(refreshAccessToken).not.toHaveBeenCalled();
  });
});
