import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Config } from '../config';

/**
 * The secret that signs access tokens: `JWT_SECRET` when set; otherwise one generated once and
 * kept in `DATA_DIR/jwt-secret` (mode 600) so sessions survive a restart; in memory only for
 * `DATA_DIR=memory://` (tests).
 */
export async function resolveJwtSecret(config: Config): Promise<string> {
  if (config.JWT_SECRET) return config.JWT_SECRET;
  if (config.DATA_DIR === 'memory://') return randomBytes(48).toString('base64url');
  const file = join(config.DATA_DIR, 'jwt-secret');
  const existing = await readFile(file, 'utf8').catch(() => null);
  if (existing && existing.trim().length >= 32) return existing.trim();
  await mkdir(config.DATA_DIR, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  await writeFile(file, secret, { mode: 0o600 });
  return secret;
}
