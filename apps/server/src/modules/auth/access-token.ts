import { ACCESS_TOKEN_TTL_S, AppError, accessTokenClaimsSchema, type AccessTokenClaims } from '@accueil/domain';
import { jwtVerify, SignJWT } from 'jose';

const keys = new Map<string, Uint8Array>();
function keyOf(secret: string): Uint8Array {
  let key = keys.get(secret);
  if (!key) {
    key = new TextEncoder().encode(secret);
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
 * Verifies an access token's signature and expiry and returns its claims.
 * @throws AppError `unauthorized` when it is malformed, forged or expired.
 */
export async function readAccessToken(secret: string, token: string): Promise<AccessTokenClaims> {
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), { algorithms: ['HS256'] });
    return accessTokenClaimsSchema.parse(payload);
  } catch {
    throw new AppError('unauthorized', 'Invalid or expired access token');
  }
}
