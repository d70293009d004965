import { createHash, randomBytes } from 'node:crypto';

/** A new refresh token: 32 random bytes, base64url; only its SHA-256 hash is stored. */
export function newRefreshToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashRefreshToken(token) };
}

/** SHA-256 (hex) of a refresh token, the key of `refresh_tokens`. */
export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
