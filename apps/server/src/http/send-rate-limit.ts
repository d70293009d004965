import { AppError, RATE_LIMIT_WINDOW_MS, SEND_RATE_LIMIT_BURST_PER_ORGANIZATION, SEND_RATE_LIMIT_BURST_PER_USER } from '@accueil/domain';
import type { Config } from '../config';
import type { RateLimiter, RateRule } from './rate-limiter';
import type { AppInstance } from './types';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route sends a text: it counts against the send rate limits (see `installSendRateLimit`). */
    sendRateLimit?: boolean;
  }
}

/** Which allowance a refused send exhausted, in the 429's `details`. */
export type SendLimitDetails = { scope: 'user' | 'organization'; limitPerMinute: number; retryAfterS: number };

/** The spec's throttle message (§8): 'Too many requests. Retry in {retry} seconds.' */
export function tooManyRequests(retryAfterS: number, details?: SendLimitDetails): AppError {
  return new AppError('too-many-requests', `Too many requests. Retry in ${retryAfterS} seconds.`, details, retryAfterS);
}

/**
 * Issue 3 "Rate limits": every route declaring `config: { sendRateLimit: true }` takes one
 * request from the signed-in user's allowance (`SEND_RATE_LIMIT_PER_USER_PER_MINUTE`, at most
 * `SEND_RATE_LIMIT_BURST_PER_USER` at once) and then their organisation's
 * (`SEND_RATE_LIMIT_PER_ORGANIZATION_PER_MINUTE`, burst `SEND_RATE_LIMIT_BURST_PER_ORGANIZATION`).
 * Past either: 429 `too-many-requests` with `Retry-After` (seconds until one more would pass),
 * the spec's message and `details` (`SendLimitDetails`), before the body is read. Keys are the
 * user's and the organisation's ids: one organisation's burst never throttles another, and a
 * user refused by their own limit does not use up their colleagues' allowance.
 * Install after the authentication hook (it reads `request.ctx`).
 */
export function installSendRateLimit(app: AppInstance, limiter: RateLimiter, config: Config): void {
  const rule = (perWindow: number, burst: number): RateRule => ({ perWindow, windowMs: RATE_LIMIT_WINDOW_MS, burst });
  const limits = [
    { scope: 'user', rule: rule(config.SEND_RATE_LIMIT_PER_USER_PER_MINUTE, SEND_RATE_LIMIT_BURST_PER_USER), key: (ctx: { userId: string }) => `send:user:${ctx.userId}` },
    { scope: 'organization', rule: rule(config.SEND_RATE_LIMIT_PER_ORGANIZATION_PER_MINUTE, SEND_RATE_LIMIT_BURST_PER_ORGANIZATION), key: (ctx: { organizationId: string }) => `send:org:${ctx.organizationId}` },
  ] as const;
  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.config.sendRateLimit !== true || !request.ctx) return;
    for (const limit of limits) {
      const decision = await limiter.take(limit.key(request.ctx), limit.rule);
      if (!decision.allowed) {
        const retryAfterS = Math.max(1, Math.ceil(decision.retryAfterMs / 1000));
        throw tooManyRequests(retryAfterS, { scope: limit.scope, limitPerMinute: limit.rule.perWindow, retryAfterS });
      }
    }
  });
}
