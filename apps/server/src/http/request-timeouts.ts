import type { FastifyServerOptions } from 'fastify';

/**
 * A request (headers and body) must arrive whole within this time, or the server answers 408 and
 * closes the connection: a client that sends a body a byte at a time cannot hold a connection
 * (and its memory) for ever. API bodies are at most `API_BODY_LIMIT_BYTES` (1 MiB).
 */
export const REQUEST_TIMEOUT_MS = 30_000;
/** The request's headers must arrive within this time (at most `REQUEST_TIMEOUT_MS`). */
export const HEADERS_TIMEOUT_MS = 15_000;
/**
 * An idle kept-alive connection is closed after this time. Above the 60 s idle timeout of common
 * load balancers, so that they, not we, close it (no request lost on a connection we close).
 */
export const KEEP_ALIVE_TIMEOUT_MS = 72_000;
/**
 * A connection with no traffic at all is closed after this time. Above Socket.IO's ping interval
 * plus its ping timeout (25 s + 20 s), so a live long-polling request or websocket is never cut.
 */
export const CONNECTION_IDLE_TIMEOUT_MS = 90_000;
/** How often Node checks open connections against the request and headers timeouts. */
export const TIMEOUT_CHECK_INTERVAL_MS = 2_000;

/** The limits `requestTimeoutOptions` applies, in milliseconds (tests shorten them). */
export type RequestTimeouts = {
  requestMs: number;
  headersMs: number;
  keepAliveMs: number;
  connectionIdleMs: number;
  checkIntervalMs: number;
};

/** The production limits (the constants above). */
export const DEFAULT_REQUEST_TIMEOUTS: RequestTimeouts = {
  requestMs: REQUEST_TIMEOUT_MS,
  headersMs: HEADERS_TIMEOUT_MS,
  keepAliveMs: KEEP_ALIVE_TIMEOUT_MS,
  connectionIdleMs: CONNECTION_IDLE_TIMEOUT_MS,
  checkIntervalMs: TIMEOUT_CHECK_INTERVAL_MS,
};

/**
 * Fastify's server options for the time limits on requests and connections (Fastify leaves
 * `requestTimeout` at 0, no limit). Node requires headers ≤ request timeout, so `headersMs` is
 * capped at `requestMs`.
 */
export function requestTimeoutOptions(overrides: Partial<RequestTimeouts> = {}): Pick<
  FastifyServerOptions,
  'requestTimeout' | 'connectionTimeout' | 'keepAliveTimeout'
> & {
  http: { headersTimeout: number; requestTimeout: number; connectionsCheckingInterval: number };
} {
  const t = { ...DEFAULT_REQUEST_TIMEOUTS, ...overrides };
  return {
    requestTimeout: t.requestMs,
    connectionTimeout: t.connectionIdleMs,
    keepAliveTimeout: t.keepAliveMs,
    http: {
      headersTimeout: Math.min(t.headersMs, t.requestMs),
      requestTimeout: t.requestMs,
      connectionsCheckingInterval: t.checkIntervalMs,
    },
  };
}
