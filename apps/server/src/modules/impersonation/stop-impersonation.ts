import { AppError, type LoginResponse } from '@accueil/domain';
import type { AppDeps } from '../../app-deps';
import { withOrganization, withSystemAccess } from '../../db/tenant-scope';
import type { RequestContext } from '../../http/request-context';
import { recordAuditEvent } from '../audit/index';
import { openSignedInSession, readImpersonatorName, revokeSession } from '../auth/index';
import { findUserAccount } from '../users/index';

/**
 * DELETE /api/devops/impersonations/current: ends the impersonation session the request comes
 * from (with an `impersonation.stopped` audit event in the impersonated organisation's log, in
 * the same transaction) and opens a session of the devops user in their own organisation (the
 * answer and cookie of a sign-in), so they are back in their panel without typing their
 * password again. The devops user's account is found with the `impersonation` access; their
 * new session is written in their own organisation's scope.
 * @throws AppError 'forbidden' when the session is not an impersonation (or its devops user is
 *   gone or no longer devops).
 */
export async function stopImpersonation(
  deps: AppDeps,
  ctx: RequestContext,
  input: { userAgent: string | null },
  now = new Date(),
): Promise<{ response: LoginResponse; refreshToken: string }> {
  if (!ctx.impersonatorId) throw new AppError('forbidden', 'This session is not an impersonation');
  const impersonatorId = ctx.impersonatorId;
  const devops = await withSystemAccess('impersonation', () => findUserAccount(deps, impersonatorId));
  const impersonatorName = await readImpersonatorName(deps, impersonatorId);
  await deps.db.transaction(async (tx) => {
    await revokeSession(tx, ctx.sessionId, now);
    // Written directly, not as a domain event: the actor is a devops user of another organisation,
    // whose name this organisation's scope cannot read after the commit (docs/behaviour/events.md).
    await recordAuditEvent(tx, {
      organizationId: ctx.organizationId,
      actor: { userId: impersonatorId, name: impersonatorName },
      action: 'impersonation.stopped',
      target: { type: 'user', id: ctx.userId },
      details: { sessionId: ctx.sessionId },
      now,
    });
  });
  if (!devops || devops.role !== 'devops')
    throw new AppError('forbidden', 'The impersonating user is no longer devops');
  return withOrganization(devops.organizationId, () =>
    deps.db.transaction((tx) =>
      openSignedInSession(deps, tx, {
        userId: devops.id,
        organizationId: devops.organizationId,
        userAgent: input.userAgent,
        now,
      }),
    ),
  ).then(({ response, refreshToken }) => ({ response, refreshToken }));
}
