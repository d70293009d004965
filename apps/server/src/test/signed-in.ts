import type { Database } from '../db/client';
import { signAccessToken } from '../modules/auth/access-token';
import { openSession } from '../modules/auth/session-store';
import { databaseOf, factoryJwtSecret } from './factories';

/** Who signs in: a user row (`buildUser`'s). */
type Actor = { id: string; organizationId: string };

/**
 * An access token of a new session of `user`, as a sign-in would give (the session row is
 * written, the token signed), without the HTTP round trip nor the password check. Uses the
 * database and JWT secret of the file's `useTestApp`, unless `app` names another app.
 */
export async function accessTokenFor(
  user: Actor,
  app?: { deps: { db: Database; config: { JWT_SECRET?: string } } },
): Promise<string> {
  const db = databaseOf({ db: app?.deps.db });
  const secret = app?.deps.config.JWT_SECRET ?? factoryJwtSecret();
  const { sessionId } = await openSession(db, {
    organizationId: user.organizationId,
    userId: user.id,
    userAgent: null,
    now: new Date(),
  });
  return signAccessToken(secret, { sub: user.id, sid: sessionId, org: user.organizationId });
}

/** The `Authorization` header of a new session of `user` (see `accessTokenFor`). */
export async function signedInAs(
  user: Actor,
  app?: Parameters<typeof accessTokenFor>[1],
): Promise<{ authorization: string }> {
  return { authorization: `Bearer ${await accessTokenFor(user, app)}` };
}
