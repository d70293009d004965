import { useSyncExternalStore } from 'react';
import { deliverInboxEventsByPolling, emitPolledEvent, runRealtimeCatchUp } from './realtime';
import type { PollingTransport } from './polling-transport';

/**
 * The polling layer of organisations in France (docs/behaviour/france.md, "In the browser"): the
 * inbox's events come from `GET /api/messaging/v1/polling` every 2.5 s instead of the socket,
 * handed to the same handlers (`useRealtimeEvent`). The transport itself (`polling-transport.ts`,
 * with the endpoint's table) is loaded on demand: it is not part of the inbox's first load.
 *
 * States: `off` (not polling: another country, or signed out), `polling`, `stopped` (5 failures
 * in a row: the shell says so and offers to resume; the cursor is kept, so resuming loses nothing).
 */
export type PollingState = 'off' | 'polling' | 'stopped';

let state: PollingState = 'off';
let transport: PollingTransport | null = null;
let wanted = false;
const listeners = new Set<() => void>();

function setState(next: PollingState): void {
  if (next === state) return;
  state = next;
  for (const l of listeners) l();
}

/** Starts polling (after sign-in, for an organisation in France); the socket stops delivering inbox events. */
export function startPolling(): void {
  wanted = true;
  deliverInboxEventsByPolling(true);
  if (transport) {
    transport.start();
    return;
  }
  void import('./polling-transport').then(
    ({ createPollingTransport, fetchPollingPage }) => {
      if (!wanted || transport) return;
      transport = createPollingTransport({
        fetchPage: fetchPollingPage,
        onEvent: (event) => emitPolledEvent(event.name, event.payload as never),
        onReset: runRealtimeCatchUp,
        onStateChange: setState,
      });
      transport.start();
    },
    // The chunk did not load (network): shown as stopped, and resuming tries again.
    () => setState('stopped'),
  );
}

/** Stops polling (sign-out, session end); the next start begins at the present again. */
export function stopPolling(): void {
  wanted = false;
  deliverInboxEventsByPolling(false);
  transport?.stop();
  transport = null;
  setState('off');
}

/** Resumes after polling stopped on failures: from the kept cursor, so no event is lost. */
export function resumePolling(): void {
  startPolling();
}

/** The polling state, for the shell's notice. */
export function usePollingState(): PollingState {
  return useSyncExternalStore(
    (cb) => {
      listeners.add(cb);
      return () => listeners.delete(cb);
    },
    () => state,
  );
}
