import {
  ACCESS_TOKEN_TTL_S,
  AppError,
  accessTokenClaimsSchema,
  type AccessTokenClaims,
} from '@accueil/domain';
import { createVerifier } from 'fast-jwt';
import type { webcrypto } from 'node:crypto';
import { SignJWT } from 'jose';

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

type Verify = (token: string) => Record<string, unknown>;

const verifiers = new Map<string, Verify>();
/**
 * The verifier of tokens signed with `secret`, built once per secret. fast-jwt checks the HMAC
 * with `node:crypto` on the calling thread: jose's WebCrypto check went through libuv's thread
 * pool, where every request's token waited behind the file writes of the uploads under way and
 * cost a thread hop (docs/benchmarks.md, attachments). `maxAge` counts from `iat` without the
 * tolerance in fast-jwt, so the tolerance is added to it (jose's `maxTokenAge` semantics).
 */
function verifierOf(secret: string): Verify {
  let verify = verifiers.get(secret);
  // Stryker disable next-line ConditionalExpression: a cache; building again gives the same verifier.
  if (!verify) {
    verify = createVerifier({
      key: secret,
      algorithms: ['HS256'],
      requiredClaims: ['exp', 'iat', 'sub'],
      maxAge: (ACCESS_TOKEN_TTL_S + ACCESS_TOKEN_CLOCK_TOLERANCE_S) * 1000,
      clockTolerance: ACCESS_TOKEN_CLOCK_TOLERANCE_S * 1000,
      // A cache of verified tokens would outlive a secret's rotation; the check is microseconds.
      cache: false,
    }) as Verify;
    // Stryker disable next-line CallExpression: a cache; without it each call builds again, same verifier.
    verifiers.set(secret, verify);
  }
  return verify;
}

/**
 * Verifies an access token and returns its claims. Accepted only when signed with `secret`
 * (HS256), with an `exp` not passed and an `iat` not in the future (both within
 * `ACCESS_TOKEN_CLOCK_TOLERANCE_S`), issued at most `ACCESS_TOKEN_TTL_S` ago: a token without
 * `exp` or `iat` would never expire, one issued in the future would live longer than its TTL.
 * The check runs synchronously (fast-jwt, `node:crypto`); the promise is kept for the callers.
 * @throws AppError `unauthorized` when it is malformed, forged, expired or issued in the future.
 */
// eslint-disable-next-line @typescript-eslint/require-await
export async function readAccessToken(secret: string, token: string): Promise<AccessTokenClaims> {
  try {
    const payload = verifierOf(secret)(token);
    // fast-jwt checks `iat` for age only: one in the future is refused here.
    if (typeof payload.iat !== 'number' || payload.iat > Date.now() / 1000 + ACCESS_TOKEN_CLOCK_TOLERANCE_S)
      throw new Error('issued in the future');
    return accessTokenClaimsSchema.parse(payload);
  } catch {
    throw new AppError('unauthorized', 'Invalid or expired access token');
  }
}
