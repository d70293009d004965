import { createHmac, timingSafeEqual } from 'node:crypto';
import { checkExpiry } from '../storage-carrier';
import { checkStorageKey } from '../storage-key';

/** The path the disk vendor serves signed downloads at (outside `/api`: no session, the signature is the proof). */
export const SIGNED_DOWNLOAD_PATH = '/storage/download';

/** What a signed download URL carries in its query: the key, its expiry (Unix seconds) and the signature. */
export type SignedDownload = { key: string; expires: string; signature: string };

/**
 * Signs and checks the disk vendor's download URLs: HMAC-SHA256 over the key and the expiry, with
 * a key derived from the app's secret (so the URLs' key is never the access tokens' key).
 */
export type UrlSigner = {
  /** `<baseUrl>/storage/download?key=…&expires=…&signature=…`, valid `expiresInSeconds` from now. */
  sign(key: string, expiresInSeconds: number): string;
  /**
   * The key when `query` is a signature of ours that has not expired; null otherwise (a
   * forged, altered or expired URL, or one whose key is refused). Compares in constant time.
   */
  verify(query: Partial<SignedDownload>): string | null;
};

/**
 * @param secret the app's resolved secret (`JWT_SECRET`).
 * @param baseUrl where the server is reached (`appBaseUrl`), without a trailing slash.
 * @param now the clock, in ms (tests move it).
 */
export function urlSigner(secret: string, baseUrl: string, now: () => number = Date.now): UrlSigner {
  const signingKey = createHmac('sha256', secret).update('accueil storage signed URL v1').digest();
  const mac = (key: string, expires: string) =>
    createHmac('sha256', signingKey).update(`${key}\n${expires}`).digest();
  return {
    sign(key, expiresInSeconds) {
      checkStorageKey(key);
      // Rounded up: the URL lives at least `expiresInSeconds`.
      const expires = String(Math.ceil(now() / 1000) + checkExpiry(expiresInSeconds));
      const query = new URLSearchParams({ key, expires, signature: mac(key, expires).toString('base64url') });
      return `${baseUrl}${SIGNED_DOWNLOAD_PATH}?${query.toString()}`;
    },
    verify({ key, expires, signature }) {
      if (typeof key !== 'string' || typeof expires !== 'string' || typeof signature !== 'string')
        return null;
      if (!/^\d{1,12}$/.test(expires) || Number(expires) * 1000 < now()) return null;
      const given = Buffer.from(signature, 'base64url');
      const expected = mac(key, expires);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      try {
        return checkStorageKey(key);
      } catch {
        return null;
      }
    },
  };
}
