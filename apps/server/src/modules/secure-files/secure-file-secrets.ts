import { createHash, randomBytes, randomInt } from 'node:crypto';
import { SECURE_FILE_CODE_DIGITS } from '@accueil/domain';
import { hash } from '@node-rs/argon2';
import { verifyPassword } from '../auth/index';

/** A new link secret: 32 random bytes, base64url (43 characters); only its hash is kept. */
export function newSecureFileToken(): string {
  return randomBytes(32).toString('base64url');
}

/** SHA-256 (hex) of a link's secret: the form the database keeps and looks up. */
export function hashSecureFileToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** A new code: `SECURE_FILE_CODE_DIGITS` digits drawn by the system's cryptographic random source. */
export function newSecureFileCode(): string {
  return String(randomInt(0, 10 ** SECURE_FILE_CODE_DIGITS)).padStart(SECURE_FILE_CODE_DIGITS, '0');
}

/**
 * The code's argon2id hash (the passwords' algorithm and cost): a copy of the table does not
 * give the 10⁶ codes away in a moment, as a bare SHA-256 would.
 */
export function hashSecureFileCode(code: string): Promise<string> {
  return hash(code);
}

/**
 * Whether `code` matches `storedHash`. Without a hash (no usable file: unknown link, locked,
 * expired) it verifies against a dummy hash anyway (`verifyPassword`), so every failure costs
 * the same time.
 */
export function verifySecureFileCode(storedHash: string | null, code: string): Promise<boolean> {
  return verifyPassword(storedHash, code);
}
