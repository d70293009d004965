import {
  ACCESS_TOKEN_TTL_S,
  AppError,
  accessTokenClaimsSchema,
  type AccessTokenClaims,
} from '@accueil/domain';
import { jwtVerify, SignJWT } from 'jose';

const keys = new Map<string, Uint8Array>();
function keyOf(secret: string): Uint8Array {
  let key = keys.get(secret);
  // Stryker disable next-line ConditionalExpression: a cache; encoding again gives the same bytes.
  if (!key) {
    key = new TextEncoder().encode(secret);
    // Stryker disable next-line CallExpression: a cache; without it each call encodes again, same bytes.
    keys.set(secret, key);
  }
  return key;
}

/** Signs a short-lived access token (HS256, `ACCESS_TOKEN_TTL_S`) with claims `sub`, `sid`, `org`. */
export function signAccessToken(secret: string, claims: AccessTokenClaims): Promise<string> {
  return new SignJWT({ sid: claims.sid, org: claims.org })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(claims.sub)
    .setIssuedAt()
    .setExpirationTime(`${ACCESS_TOKEN_TTL_S}s`)
    .sign(keyOf(secret));
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
    const { payload } = await jwtVerify(token, keyOf(secret), {
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
