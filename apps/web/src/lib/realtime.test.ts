import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { updateSession } from './session-store';

type Listener = (...args: unknown[]) => void;
/** A stand-in for the Socket.IO client: records listeners, lets the test fire them. */
class FakeEmitter {
  listeners = new Map<string, Listener[]>();
  on(name: string, l: Listener) {
    this.listeners.set(name, [...(this.listeners.get(name) ?? []), l]);
    return this;
  }
  fire(name: string, ...args: unknown[]) {
    for (const l of this.listeners.get(name) ?? []) l(...args);
  }
  removeAllListeners() {
    this.listeners.clear();
  }
}
class FakeSocket extends FakeEmitter {
  io = new FakeEmitter();
  active = true;
  connects = 0;
  anyListeners: Listener[] = [];
  connect = vi.fn(() => this.connects++);
  disconnect = vi.fn();
  onAny(l: Listener) {
    this.anyListeners.push(l);
  }
  serverEvent(name: string, payload: unknown) {
    for (const l of this.anyListeners) l(name, payload);
  }
}

const sockets: FakeSocket[] = [];
vi.mock('socket.io-client', () => ({
  io: vi.fn(() => {
    const s = new FakeSocket();
    sockets.push(s);
    return s;
  }),
}));

const { getRealtimeState, startRealtime, stopRealtime, useRealtimeEvent, useRealtimeReconnect } =
  await import('./realtime');
// The client fetches its socket module when the connection starts; loaded here once, as a browser
// would have it after the first start, so each step below settles within one `flush`.
await import('./realtime-socket');
const flush = () => new Promise((r) => setTimeout(r, 0));

afterEach(async () => {
  stopRealtime();
  await flush();
});

describe('realtime client', () => {
  it('connects with the session token, reconnects after a drop and runs the catch-up handlers', async () => {
    updateSession({ status: 'signed-in', token: 'jwt', context: null });
    const catchUp = vi.fn(() => Promise.resolve());
    renderHook(() => useRealtimeReconnect(catchUp));
    startRealtime();
    await flush();
    const socket = sockets.at(-1)!;
    expect(socket.connects).toBe(1);
    socket.fire('connect');
    await flush();
    expect(getRealtimeState()).toBe('connected');
    expect(catchUp).not.toHaveBeenCalled();

    socket.fire('disconnect', 'transport close');
    await flush();
    expect(getRealtimeState()).toBe('reconnecting');
    socket.fire('connect');
    await flush();
    expect(getRealtimeState()).toBe('connected');
    expect(catchUp).toHaveBeenCalledTimes(1);
  });

  it('delivers valid server events to subscribers and drops malformed ones', async () => {
    updateSession({ status: 'signed-in', token: 'jwt', context: null });
    const handler = vi.fn();
    renderHook(() => useRealtimeEvent('session:revoked', handler));
    startRealtime();
    await flush();
    const socket = sockets.at(-1)!;
    const sessionId = '7d9f3c1e-2b4a-4c5d-8e6f-0a1b2c3d4e5f';
    socket.serverEvent('session:revoked', { sessionId });
    socket.serverEvent('session:revoked', { sessionId: 42 });
    socket.serverEvent('unknown:event', {});
    expect(handler).toHaveBeenCalledTimes(1);
    expect(handler).toHaveBeenCalledWith({ sessionId });
  });

  it('closes the socket on stop', async () => {
    updateSession({ status: 'signed-in', token: 'jwt', context: null });
    startRealtime();
    await flush();
    const socket = sockets.at(-1)!;
    socket.fire('connect');
    await flush();
    stopRealtime();
    await flush();
    expect(socket.disconnect).toHaveBeenCalled();
    expect(getRealtimeState()).toBe('disconnected');
  });
});
