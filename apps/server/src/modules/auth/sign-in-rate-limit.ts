import { AppError } from '@accueil/domain';
import type { AppDeps } from '../../app-deps';

/**
 * Per-address limit of sign-in attempts, password and passkey alike (on top of the per-username
 * throttle): LOGIN_RATE_LIMIT_PER_MINUTE, answered 429 `too-many-requests` with Retry-After.
 */
export function signInRateLimit(deps: AppDeps) {
  return {
    max: deps.config.LOGIN_RATE_LIMIT_PER_MINUTE,
    timeWindow: 60_000,
    errorResponseBuilder: (_req: unknown, context: { ttl: number }) => {
      const retry = Math.max(1, Math.ceil(context.ttl / 1000));
      return new AppError(
        'too-many-requests',
        `Too many requests. Retry in ${retry} seconds.`,
        undefined,
        retry,
      );
    },
  };
}
