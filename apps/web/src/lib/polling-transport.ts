import {
  messagingEndpoints,
  POLLING_INTERVAL_MS,
  POLLING_MAX_FAILURES,
  type PolledEvent,
  type PollingPage,
} from '@accueil/domain';
import { api } from './endpoint-client';

/** What the polling loop is built with (the timers are the page's; tests use fake ones). */
export type PollingTransportOptions = {
  /** One poll: the events after `cursor` (undefined: start at the present). */
  fetchPage: (cursor: string | undefined) => Promise<PollingPage>;
  /** Each event, in the server's order. */
  onEvent: (event: PolledEvent) => void;
  /** The server could not give every event since the cursor: reload what the screens show. */
  onReset: () => Promise<unknown> | void;
  onStateChange: (state: 'polling' | 'stopped' | 'off') => void;
  intervalMs?: number;
  maxFailures?: number;
};

/** The loop of `polling.ts`: start (or resume), stop. */
export type PollingTransport = { start: () => void; stop: () => void };

/** GET /api/messaging/v1/polling (docs/api.md, "France's messaging"). */
export function fetchPollingPage(cursor: string | undefined): Promise<PollingPage> {
  return api.call(messagingEndpoints.poll, { query: { cursor, limit: 200 } });
}

/**
 * Polls every `intervalMs` (2.5 s), one request at a time: the first poll takes the present as its
 * cursor, each answer's events go to `onEvent` in order and its cursor is the next poll's; a full
 * page (`more`) is followed at once. A failure counts; `maxFailures` (5) in a row stop the loop
 * (`stopped`) until `start` is called again, which goes on from the kept cursor.
 */
export function createPollingTransport(options: PollingTransportOptions): PollingTransport {
  const intervalMs = options.intervalMs ?? POLLING_INTERVAL_MS;
  const maxFailures = options.maxFailures ?? POLLING_MAX_FAILURES;
  let cursor: string | undefined;
  let failures = 0;
  let running = false;
  // Each start gets its own generation: an answer arriving after a stop (or a restart) is ignored.
  let generation = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;

  const schedule = (delay: number, gen: number) => {
    timer = setTimeout(() => void tick(gen), delay);
  };

  async function tick(gen: number): Promise<void> {
    timer = null;
    let page: PollingPage;
    try {
      page = await options.fetchPage(cursor);
    } catch {
      if (gen !== generation) return;
      failures += 1;
      if (failures >= maxFailures) {
        running = false;
        options.onStateChange('stopped');
      } else schedule(intervalMs, gen);
      return;
    }
    if (gen !== generation) return;
    failures = 0;
    if (page.reset && cursor !== undefined) await Promise.resolve(options.onReset()).catch(() => undefined);
    for (const event of page.events) options.onEvent(event);
    cursor = page.cursor;
    schedule(page.more ? 0 : intervalMs, gen);
  }

  return {
    start() {
      if (running) return;
      running = true;
      failures = 0;
      generation += 1;
      options.onStateChange('polling');
      schedule(0, generation);
    },
    stop() {
      running = false;
      generation += 1;
      if (timer !== null) clearTimeout(timer);
      timer = null;
      options.onStateChange('off');
    },
  };
}
