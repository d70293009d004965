import { useEffect } from 'react';
import { io } from 'socket.io-client';

/**
 * Listens to the sandbox network for one phone number (docs/api.md, namespace `/sandbox`):
 * emits `watch` with the number on every (re)connection and calls `onMessage` whenever a
 * text reaches or leaves it. No sign-in is involved. A new number opens a new connection.
 */
export function useSandboxSocket(number: string | null, onMessage: () => void): void {
  useEffect(() => {
    if (!number) return;
    const socket = io('/sandbox', { path: '/socket.io' });
    socket.on('connect', () => {
      socket.emit('watch', number);
      onMessage(); // catch up on what arrived while disconnected
    });
    socket.on('sandbox:message', () => onMessage());
    return () => {
      socket.disconnect();
    };
  }, [number, onMessage]);
}
