import type { FastifyBaseLogger } from 'fastify';

/** One hit on a fixed-window counter: how many hits this window holds now, and when it ends. */
export type RateLimitHit = { count: number; resetInMs: number };

/**
 * Fixed-window hit counters shared by the rate limits (issue 3 "Rate limits"). With Redis every
 * server process counts in the same keys, so a limit holds across processes; without it the
 * counters live in this process (one process: PGlite, or a single server).
 * `hit` never throws: when Redis cannot answer, the request is let through (fail open) and logged,
 * because refusing every text while Redis restarts would be worse than an unthrottled minute.
 */
export type RateLimitCounter = {
  /** Counts one hit on `key` in its current window of `windowMs`; a new window starts at the first hit. */
  hit(key: string, windowMs: number): Promise<RateLimitHit>;
  readonly kind: 'redis' | 'memory';
  close(): Promise<void>;
};

const REDIS_KEY_PREFIX = 'accueil:rate:';
/** A Redis answer slower than this lets the request through (ms). */
const REDIS_HIT_TIMEOUT_MS = 1000;

// INCR, the expiry set by the window's first hit only, and the time left: one atomic round trip.
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return { count, ttl }`;

/** The counters for this configuration: Redis at `redisUrl` when given, else in memory. */
export async function createRateLimitCounter(opts: { redisUrl?: string; log: FastifyBaseLogger }): Promise<RateLimitCounter> {
  return opts.redisUrl ? createRedisCounter(opts.redisUrl, opts.log) : createMemoryCounter();
}

/** In-process counters; expired windows are swept once per minute at most, on a hit. */
export function createMemoryCounter(now: () => number = Date.now): RateLimitCounter {
  const windows = new Map<string, { count: number; endsAt: number }>();
  let nextSweep = 0;
  return {
    kind: 'memory',
    hit(key, windowMs) {
      const t = now();
      if (t >= nextSweep) {
        for (const [k, w] of windows) if (w.endsAt <= t) windows.delete(k);
        nextSweep = t + 60_000;
      }
      let w = windows.get(key);
      if (!w || w.endsAt <= t) {
        w = { count: 0, endsAt: t + windowMs };
        windows.set(key, w);
      }
      w.count++;
      return Promise.resolve({ count: w.count, resetInMs: w.endsAt - t });
    },
    close: () => Promise.resolve(),
  };
}

async function createRedisCounter(url: string, log: FastifyBaseLogger): Promise<RateLimitCounter> {
  // Loaded only when configured (the redis client is large; see socket-server.ts).
  const { createClient } = await import('redis');
  // No offline queue: while Redis is away a hit fails at once (and is let through) instead of waiting.
  const client = createClient({ url, disableOfflineQueue: true });
  client.on('error', (err: unknown) => log.error({ err }, 'rate limits: redis error'));
  await client.connect();
  return {
    kind: 'redis',
    async hit(key, windowMs) {
      let timer: NodeJS.Timeout | undefined;
      try {
        const timeout = new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error('rate limit counter timed out')), REDIS_HIT_TIMEOUT_MS);
        });
        const reply = client.eval(HIT_SCRIPT, { keys: [REDIS_KEY_PREFIX + key], arguments: [String(windowMs)] });
        const [count, ttl] = (await Promise.race([reply, timeout])) as [number, number];
        return { count: Number(count), resetInMs: Number(ttl) };
      } catch (err) {
        log.warn({ err, key }, 'rate limits: counter unavailable, request let through');
        return { count: 0, resetInMs: windowMs };
      } finally {
        clearTimeout(timer);
      }
    },
    async close() {
      await client.quit().catch(() => client.destroy());
    },
  };
}

/**
 * The store class `@fastify/rate-limit` instantiates (its `store` option), counting in `counter`:
 * the sign-in limit per IP then holds across server processes like the send limits.
 */
export function fastifyRateLimitStore(counter: RateLimitCounter) {
  return class CounterStore {
    constructor(
      _globalOptions?: unknown,
      private readonly prefix = 'route:',
    ) {}

    incr(key: string, callback: (err: Error | null, res?: { current: number; ttl: number }) => void, timeWindow: number): void {
      counter.hit(this.prefix + key, timeWindow).then(
        (r) => callback(null, { current: r.count, ttl: r.resetInMs }),
        (err: Error) => callback(err),
      );
    }

    /** A route's own counters (the plugin passes its merged options, with `routeInfo` at run time). */
    child(routeOptions: unknown): CounterStore {
      const route = (routeOptions as { routeInfo?: { method?: unknown; url?: unknown } }).routeInfo ?? {};
      return new CounterStore(undefined, `route:${String(route.method)}${String(route.url)}:`);
    }
  };
}
