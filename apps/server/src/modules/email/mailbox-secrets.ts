import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { Config } from '../../config';

/** The format's version: `v1.<iv>.<tag>.<ciphertext>`, each part base64url. */
const VERSION = 'v1';

/**
 * The key that encrypts mailbox passwords at rest: `EMAIL_SECRETS_KEY` (32 bytes, base64), else
 * one derived from `JWT_SECRET` by HKDF-SHA256 (embedded mode; production with IMAP requires
 * the variable, config.ts), so that a copy of the database alone does not reveal them.
 * @throws Error when neither is set (buildApp resolves JWT_SECRET first).
 */
export function mailboxSecretsKey(config: Pick<Config, 'EMAIL_SECRETS_KEY' | 'JWT_SECRET'>): Buffer {
  if (config.EMAIL_SECRETS_KEY) return Buffer.from(config.EMAIL_SECRETS_KEY, 'base64');
  if (!config.JWT_SECRET) throw new Error('JWT_SECRET is not resolved (buildApp sets it)');
  return Buffer.from(hkdfSync('sha256', config.JWT_SECRET, 'accueil', 'mailbox secrets v1', 32));
}

/**
 * `secret` encrypted with AES-256-GCM under `key` (a new random 96-bit IV each time; the tag
 * authenticates it), bound to `context` (the mailbox's team id: a ciphertext copied to another
 * row does not decrypt).
 */
export function encryptSecret(key: Buffer, secret: string, context: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(context));
  const ciphertext = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), ciphertext]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

/**
 * The secret `encryptSecret` sealed.
 * @throws Error when the format, the key or the context is wrong (the tag does not verify).
 */
export function decryptSecret(key: Buffer, sealed: string, context: string): string {
  const [version, iv, tag, ciphertext] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || ciphertext === undefined)
    throw new Error('Not a sealed mailbox secret');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(context));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString(
    'utf8',
  );
}
