import type { FastifyBaseLogger } from 'fastify';

/**
 * A rate: `perWindow` requests per `windowMs`, of which at most `burstMs` worth may come at once
 * (at least 1, at most `perWindow`). The allowance refills smoothly (one request every
 * `windowMs / perWindow`), so a client never spends a whole minute's allowance in one second
 * and loads the server for everyone else.
 */
export type RateRule = { perWindow: number; windowMs: number; burstMs: number };

/** One request's fate: let through or not; when refused, how long until one more would pass. */
export type RateDecision = { allowed: boolean; retryAfterMs: number; remaining: number };

/**
 * Rate limits shared by the send and sign-in limits (docs/behaviour/messages.md, docs/behaviour/sessions.md), by the generic
 * cell rate algorithm: one timestamp per key (the "theoretical arrival time"), no per-request
 * rows. With Redis every server process decides on the same keys (Redis's clock, one atomic
 * script), so a limit holds across processes; without it the keys live in this process.
 * `take` never throws: when Redis cannot answer, the request is let through (fail open) and
 * logged: refusing every text while Redis restarts would be worse than an unthrottled minute.
 */
export type RateLimiter = {
  /** Counts one request on `key` under `rule`. */
  take(key: string, rule: RateRule): Promise<RateDecision>;
  readonly kind: 'redis' | 'memory';
  close(): Promise<void>;
};

const REDIS_KEY_PREFIX = 'accueil:rate:';
/** A Redis answer slower than this lets the request through (ms). */
const REDIS_TAKE_TIMEOUT_MS = 1000;

/** Milliseconds between two requests at the steady rate (whole ms, so Redis stores integers). */
const intervalMs = (rule: RateRule) => Math.max(1, Math.ceil(rule.windowMs / rule.perWindow));
/** The requests allowed at once: `burstMs` worth of the allowance, within [1, perWindow]. */
export const burstOf = (rule: RateRule) =>
  Math.max(1, Math.min(rule.perWindow, Math.round((rule.perWindow * rule.burstMs) / rule.windowMs)));

/** GCRA on one key: `tat` is the key's stored time (or null), `now` the clock (ms). */
export function decide(tat: number | null, now: number, rule: RateRule): RateDecision & { tat: number } {
  const t = intervalMs(rule);
  const span = t * burstOf(rule);
  const next = Math.max(tat ?? now, now) + t;
  if (next - now > span)
    return { allowed: false, retryAfterMs: next - now - span, remaining: 0, tat: tat ?? now };
  return { allowed: true, retryAfterMs: 0, remaining: Math.floor((span - (next - now)) / t), tat: next };
}

// The same decision in Redis, atomic, on Redis's own clock (processes' clocks may differ).
const TAKE_SCRIPT = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local t = tonumber(ARGV[1])
local span = tonumber(ARGV[2])
local tat = tonumber(redis.call('GET', KEYS[1]) or now)
if tat < now then tat = now end
local nextTat = tat + t
if nextTat - now > span then return { 0, nextTat - now - span, 0 } end
redis.call('SET', KEYS[1], string.format('%d', nextTat), 'PX', nextTat - now)
return { 1, 0, math.floor((span - (nextTat - now)) / t) }`;

/** The limiter for this configuration: Redis at `redisUrl` when given, else in memory. */
export async function createRateLimiter(opts: {
  redisUrl?: string;
  log: FastifyBaseLogger;
}): Promise<RateLimiter> {
  return opts.redisUrl ? createRedisLimiter(opts.redisUrl, opts.log) : createMemoryLimiter();
}

/** In-process limiter; keys whose time has passed are swept once per minute at most. */
export function createMemoryLimiter(now: () => number = Date.now): RateLimiter {
  const tats = new Map<string, number>();
  let nextSweep = 0;
  return {
    kind: 'memory',
    take(key, rule) {
      const at = now();
      if (at >= nextSweep) {
        for (const [k, tat] of tats) if (tat <= at) tats.delete(k);
        nextSweep = at + 60_000;
      }
      const { tat, ...decision } = decide(tats.get(key) ?? null, at, rule);
      tats.set(key, tat);
      return Promise.resolve(decision);
    },
    close: () => Promise.resolve(),
  };
}

async function createRedisLimiter(url: string, log: FastifyBaseLogger): Promise<RateLimiter> {
  // Loaded only when configured (the redis client is large; see socket-server.ts).
  const { createClient } = await import('redis');
  // No offline queue: while Redis is away a request fails at once (and is let through) instead of waiting.
  const client = createClient({ url, disableOfflineQueue: true });
  client.on('error', (err: unknown) => log.error({ err }, 'rate limits: redis error'));
  await client.connect();
  return {
    kind: 'redis',
    async take(key, rule) {
      let timer: NodeJS.Timeout | undefined;
      try {
        const timeout = new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error('rate limiter timed out')), REDIS_TAKE_TIMEOUT_MS);
        });
        const t = intervalMs(rule);
        const reply = client.eval(TAKE_SCRIPT, {
          keys: [REDIS_KEY_PREFIX + key],
          arguments: [String(t), String(t * burstOf(rule))],
        });
        const [allowed, retryAfterMs, remaining] = (await Promise.race([reply, timeout])) as [
          number,
          number,
          number,
        ];
        return {
          allowed: Number(allowed) === 1,
          retryAfterMs: Number(retryAfterMs),
          remaining: Number(remaining),
        };
      } catch (err) {
        log.warn({ err, key }, 'rate limits: limiter unavailable, request let through');
        return { allowed: true, retryAfterMs: 0, remaining: 0 };
      } finally {
        clearTimeout(timer);
      }
    },
    async close() {
      await client.quit().catch(() => client.destroy());
    },
  };
}

declare module '@fastify/rate-limit' {
  interface RateLimitOptions {
    /** This route's burst (ms of its allowance at once) instead of the store's (see `fastifyRateLimitStore`). */
    burstMs?: number;
  }
}

/**
 * The store class `@fastify/rate-limit` instantiates (its `store` option), deciding with
 * `limiter` (bursts of `burstMs`, or of the route's own `rateLimit.burstMs`): the sign-in limit
 * per IP is then smooth and holds across server processes like the send limits. The plugin
 * refuses when `current > max`; `ttl` is the wait.
 */
export function fastifyRateLimitStore(limiter: RateLimiter, burstMs: number) {
  return class LimiterStore {
    constructor(
      _globalOptions?: unknown,
      private readonly prefix = 'route:',
      private readonly burst = burstMs,
    ) {}

    incr(
      key: string,
      callback: (err: Error | null, res?: { current: number; ttl: number }) => void,
      timeWindow: number,
      max: number,
    ): void {
      limiter.take(this.prefix + key, { perWindow: max, windowMs: timeWindow, burstMs: this.burst }).then(
        (d) =>
          callback(
            null,
            d.allowed
              ? { current: max - d.remaining, ttl: timeWindow }
              : { current: max + 1, ttl: d.retryAfterMs },
          ),
        (err: Error) => callback(err),
      );
    }

    /**
     * A route's own keys and burst (the plugin passes its merged options, with `routeInfo` at run
     * time, and the route's `burstMs` when its `config.rateLimit` gives one).
     */
    child(routeOptions: unknown): LimiterStore {
      const options = routeOptions as { routeInfo?: { method?: unknown; url?: unknown }; burstMs?: number };
      const route = options.routeInfo ?? {};
      return new LimiterStore(
        undefined,
        `route:${String(route.method)}${String(route.url)}:`,
        options.burstMs ?? this.burst,
      );
    }
  };
}
