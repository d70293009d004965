import { AppError } from '@accueil/domain';

/**
 * A route's `config.rateLimit` for `@fastify/rate-limit` (registered by the app, counters in
 * Redis when configured): at most `max` requests per client address per `windowMs`, then 429
 * `too-many-requests` with the spec's message and `Retry-After`.
 */
export function perAddressRateLimit(max: number, windowMs: number) {
  return {
    max,
    timeWindow: windowMs,
    errorResponseBuilder: (_request: unknown, context: { ttl: number }) => {
      const retryS = Math.max(1, Math.ceil(context.ttl / 1000));
      return new AppError(
        'too-many-requests',
        `Too many requests. Retry in ${retryS} seconds.`,
        undefined,
        retryS,
      );
    },
  };
}
