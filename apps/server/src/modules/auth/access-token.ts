import {
  ACCESS_TOKEN_TTL_S,
  AppError,
  accessTokenClaimsSchema,
  type AccessTokenClaims,
} from '@accueil/domain';
import type { webcrypto } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

const keys = new Map<string, Promise<webcrypto.CryptoKey>>();
/**
 * The HMAC key of `secret` (UTF-8), imported once per secret: given raw bytes, jose imports
 * them through WebCrypto again for every token it signs or checks.
 */
function keyOf(secret: string): Promise<webcrypto.CryptoKey> {
  let key = keys.get(secret);
  // Stryker disable next-line ConditionalExpression: a cache; importing again gives the same key.
  if (!key) {
    key = crypto.subtle.importKey(
      'raw',
      new TextEncoder().encode(secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    );
    // Stryker disable next-line CallExpression: a cache; without it each call imports again, same key.
    keys.set(secret, key);
  }
  return key;
}

/** Signs a short-lived access token (HS256, `ACCESS_TOKEN_TTL_S`) with claims `sub`, `sid`, `org`. */
export async function signAccessToken(secret: string, claims: AccessTokenClaims): Promise<string> {
  return new SignJWT({ sid: claims.sid, org: claims.org })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(claims.sub)
    .setIssuedAt()
    .setExpirationTime(`${ACCESS_TOKEN_TTL_S}s`)
    .sign(await keyOf(secret));
}

/**
 * Seconds by which the clocks of the process that signed a token and the one reading it may
 * disagree (several processes, each with its own clock). Small on purpose: a token is accepted
 * at most this long after its `exp`, and a tolerance of hours or days would let a leaked token live on.
 */
export const ACCESS_TOKEN_CLOCK_TOLERANCE_S = 5;

/**
 * Verifies an access token and returns its claims. Accepted only when signed with `secret`
 * (HS256), with an `exp` not passed and an `iat` not in the future (both within
 * `ACCESS_TOKEN_CLOCK_TOLERANCE_S`), issued at most `ACCESS_TOKEN_TTL_S` ago: a token without
 * `exp` or `iat` would never expire, one issued in the future would live longer than its TTL.
 * @throws AppError `unauthorized` when it is malformed, forged, expired or issued in the future.
 */
export async function readAccessToken(secret: string, token: string): Promise<AccessTokenClaims> {
  try {
    const { payload } = await jwtVerify(token, await keyOf(secret), {
      algorithms: ['HS256'],
      requiredClaims: ['exp', 'iat', 'sub'],
      maxTokenAge: ACCESS_TOKEN_TTL_S,
      clockTolerance: ACCESS_TOKEN_CLOCK_TOLERANCE_S,
    });
    return accessTokenClaimsSchema.parse(payload);
  } catch {
    throw new AppError('unauthorized', 'Invalid or expired access token');
  }
}
