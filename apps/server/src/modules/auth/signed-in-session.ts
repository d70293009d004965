import type { LoginResponse } from '@accueil/domain';
import type { AppDeps } from '../../app-deps';
import type { Tx } from '../../db/client';
import { getUserContext, setCurrentTeam } from '../users/index';
import { signAccessToken } from './access-token';
import { impersonationOf } from './impersonation-of';
import { openSession } from './session-store';

/**
 * Opens a session for a user who has proven who they are some other way than a password typed
 * now (a new organisation's administrator at the end of onboarding; a devops user starting or
 * ending an impersonation), inside the caller's transaction: the login answer plus the first
 * refresh token, for the route to set as the cookie, exactly as a sign-in gives.
 * `impersonatorUserId` (with `impersonatorName`, for the answer) and `expiresAt` make it an
 * impersonation session. `tx` runs in the scope of `organizationId`.
 */
export async function openSignedInSession(
  deps: Pick<AppDeps, 'db' | 'config'>,
  tx: Tx,
  input: {
    userId: string;
    organizationId: string;
    userAgent: string | null;
    now: Date;
    impersonatorUserId?: string | null;
    impersonatorName?: string;
    expiresAt?: Date | null;
  },
): Promise<{ response: LoginResponse; refreshToken: string; sessionId: string }> {
  const opened = await openSession(tx, input);
  const context = await getUserContext(deps, input.userId, tx);
  if (context.userGroup)
    await setCurrentTeam(deps, { userId: input.userId, teamId: context.userGroup.id }, tx);
  if (!deps.config.JWT_SECRET) throw new Error('JWT_SECRET is not resolved (buildApp sets it)');
  const jwt = await signAccessToken(deps.config.JWT_SECRET, {
    sub: input.userId,
    sid: opened.sessionId,
    org: input.organizationId,
  });
  const impersonation = await impersonationOf(
    tx,
    { sessionId: opened.sessionId, impersonatorId: input.impersonatorUserId ?? null },
    input.impersonatorName ?? '',
  );
  return {
    response: { ...context, impersonation, jwt },
    refreshToken: opened.refreshToken,
    sessionId: opened.sessionId,
  };
}
