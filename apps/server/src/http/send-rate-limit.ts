import {
  AppError,
  RATE_LIMIT_WINDOW_MS,
  SEND_RATE_LIMIT_ORGANIZATION_BURST_MS,
  SEND_RATE_LIMIT_USER_BURST_MS,
} from '@accueil/domain';
import type { Config } from '../config';
import type { RateLimiter, RateRule } from './rate-limiter';
import { bearerToken } from './route-access';
import type { AppInstance } from './types';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route sends a text: it counts against the send rate limits (see `installSendRateLimit`). */
    sendRateLimit?: boolean;
  }
}

/** Which allowance a refused send exhausted, in the 429's `details`. */
export type SendLimitDetails = {
  scope: 'user' | 'organization';
  limitPerMinute: number;
  retryAfterS: number;
};

/** The two allowances a send takes from, in order. */
export type SendLimits = { user: RateRule; organization: RateRule };

/** The throttle message: 'Too many requests. Retry in {retry} seconds.' */
export function tooManyRequests(retryAfterS: number, details?: SendLimitDetails): AppError {
  return new AppError(
    'too-many-requests',
    `Too many requests. Retry in ${retryAfterS} seconds.`,
    details,
    retryAfterS,
  );
}

/** The send limits of this configuration (per minute from config, bursts from the domain constants). */
export function sendLimitsOf(
  config: Pick<Config, 'SEND_RATE_LIMIT_PER_USER_PER_MINUTE' | 'SEND_RATE_LIMIT_PER_ORGANIZATION_PER_MINUTE'>,
): SendLimits {
  return {
    user: {
      perWindow: config.SEND_RATE_LIMIT_PER_USER_PER_MINUTE,
      windowMs: RATE_LIMIT_WINDOW_MS,
      burstMs: SEND_RATE_LIMIT_USER_BURST_MS,
    },
    organization: {
      perWindow: config.SEND_RATE_LIMIT_PER_ORGANIZATION_PER_MINUTE,
      windowMs: RATE_LIMIT_WINDOW_MS,
      burstMs: SEND_RATE_LIMIT_ORGANIZATION_BURST_MS,
    },
  };
}

/**
 * Takes one send from the user's allowance, then (only if that passed) from their
 * organisation's. Resolves null when both passed, else the 429 to answer. Keys are the user's and
 * the organisation's ids: one organisation's burst never throttles another, and a user refused by
 * their own limit does not use up their colleagues' allowance.
 */
export async function takeSendAllowance(
  limiter: RateLimiter,
  limits: SendLimits,
  ctx: { userId: string; organizationId: string },
): Promise<AppError | null> {
  const steps = [
    { scope: 'user', key: `send:user:${ctx.userId}`, rule: limits.user },
    { scope: 'organization', key: `send:org:${ctx.organizationId}`, rule: limits.organization },
  ] as const;
  for (const step of steps) {
    const decision = await limiter.take(step.key, step.rule);
    if (!decision.allowed) {
      const retryAfterS = Math.max(1, Math.ceil(decision.retryAfterMs / 1000));
      return tooManyRequests(retryAfterS, {
        scope: step.scope,
        limitPerMinute: step.rule.perWindow,
        retryAfterS,
      });
    }
  }
  return null;
}

/** Who a bearer token names, read from its verified signature only (no database), or null when it is not valid. */
export type ReadTokenClaims = (token: string) => Promise<{ userId: string; organizationId: string } | null>;

/**
 * Rate limits (docs/behaviour/messages.md): every route declaring `config: { sendRateLimit: true }` takes one request
 * from the user's allowance (`SEND_RATE_LIMIT_PER_USER_PER_MINUTE`, bursts of
 * `SEND_RATE_LIMIT_USER_BURST_MS`) and their organisation's (`SEND_RATE_LIMIT_PER_ORGANIZATION_PER_MINUTE`,
 * `SEND_RATE_LIMIT_ORGANIZATION_BURST_MS`). Past either: 429 `too-many-requests` with
 * `Retry-After` (seconds until one more would pass), the spec's message and `details`
 * (`SendLimitDetails`), before the body is read.
 * Install it BEFORE the authentication hook: it keys on the access token's signed claims, so a
 * refused request costs no database query (a burst stays cheap for the other tenants); a token
 * that is not valid is left to the authentication hook (401), and counts for nobody.
 */
export function installSendRateLimit(
  app: AppInstance,
  limiter: RateLimiter,
  config: Config,
  readClaims: ReadTokenClaims,
): void {
  const limits = sendLimitsOf(config);
  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.config.sendRateLimit !== true) return;
    const token = bearerToken(request);
    const claims = token ? await readClaims(token) : null;
    if (!claims) return;
    const refused = await takeSendAllowance(limiter, limits, claims);
    if (refused) throw refused;
  });
}
