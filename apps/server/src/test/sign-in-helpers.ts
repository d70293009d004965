import { DEVICE_COOKIE_NAME, REFRESH_COOKIE_NAME, type LoginResponse } from '@accueil/domain';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import type { AppInstance } from '../http/types';
import { databaseOf } from './factories';

/** The answer of POST /api/auth/login with its cookies as `cookie` header values. */
export type PasswordSignIn = {
  statusCode: number;
  body: LoginResponse & { code?: string };
  device: string | null;
  refresh: string | null;
  retryAfter: string | undefined;
};

/**
 * POST /api/auth/login from `address` with the cookies of `device` (a `accueil_device=…` value
 * from an earlier sign-in, or none): the status, body, the cookies it set and `Retry-After`.
 */
export async function passwordSignIn(
  app: AppInstance,
  input: { username: string; password: string; address?: string; device?: string | null },
): Promise<PasswordSignIn> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress: input.address ?? '127.0.0.1',
    headers: input.device ? { cookie: input.device } : {},
    payload: { username: input.username, password: input.password },
  });
  const cookie = (name: string) => {
    const c = res.cookies.find((x) => x.name === name);
    return c ? `${name}=${c.value}` : null;
  };
  return {
    statusCode: res.statusCode,
    body: res.json(),
    device: cookie(DEVICE_COOKIE_NAME),
    refresh: cookie(REFRESH_COOKIE_NAME),
    retryAfter: res.headers['retry-after'],
  };
}

/** Lets the users of `organizationId` keep several sessions (a newer sign-in ends no older one). */
export async function keepOlderSessions(organizationId: string, db?: Database): Promise<void> {
  await databaseOf({ db }).execute(
    sql`UPDATE organizations SET options = coalesce(options, '{}'::jsonb) || '{"endOlderSessionOnNewSignIn": false}'::jsonb WHERE id = ${organizationId}`,
  );
}
