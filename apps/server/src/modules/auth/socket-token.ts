import { ACCESS_TOKEN_TTL_S } from '@accueil/domain';
import { decodeJwt } from 'jose';

/**
 * How long (ms from `now`) a socket opened or renewed with `token` may live: until the token's
 * `exp`, and no longer than `ACCESS_TOKEN_TTL_S` after its `iat` (what `readAccessToken`
 * accepts). Call it on a token already verified; an undecodable one gives 0 (close at once).
 */
export function socketTokenLifetimeMs(token: string, now: number = Date.now()): number {
  try {
    const { exp, iat } = decodeJwt(token);
    if (typeof exp !== 'number' || typeof iat !== 'number') return 0;
    return Math.max(0, Math.min(exp * 1000, (iat + ACCESS_TOKEN_TTL_S) * 1000) - now);
  } catch {
    return 0;
  }
}
