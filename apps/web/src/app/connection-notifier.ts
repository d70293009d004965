import { CONNECTION_UNSTABLE_NOTICE_MIN_INTERVAL_MS, type RealtimeConnectionState } from '@accueil/domain';

/** What the shell shows about the realtime connection (docs/behaviour/realtime.md). */
export interface ConnectionNoticeSink {
  /** Toast 'Connection unstable'. */
  unstable(): void;
  /** Toast 'Initialization failed'. */
  initializationFailed(): void;
}

const UNSTABLE: ReadonlySet<RealtimeConnectionState> = new Set(['reconnecting', 'connection-failed']);

/**
 * Turns connection state changes into notices. 'Connection unstable' shows when a live or
 * starting connection falls into reconnecting / connection-failed, at most once per
 * CONNECTION_UNSTABLE_NOTICE_MIN_INTERVAL_MS (10 s); 'initialization failed' once per
 * failure. ('Reconnecting…' is a banner the shell shows for the whole reconnecting state.)
 */
export function createConnectionNotifier(sink: ConnectionNoticeSink, now: () => number = Date.now) {
  let previous: RealtimeConnectionState | null = null;
  let lastUnstableAt = Number.NEGATIVE_INFINITY;
  return (state: RealtimeConnectionState): void => {
    const prev = previous;
    previous = state;
    if (prev === state) return;
    if (UNSTABLE.has(state) && (prev === null || !UNSTABLE.has(prev))) {
      const t = now();
      if (t - lastUnstableAt >= CONNECTION_UNSTABLE_NOTICE_MIN_INTERVAL_MS) {
        lastUnstableAt = t;
        sink.unstable();
      }
    }
    if (state === 'initialization-failed') sink.initializationFailed();
  };
}
