import { AppError, IMPERSONATION_DURATION_MS, type LoginResponse } from '@accueil/domain';
import type { AppDeps } from '../../app-deps';
import { withOrganization, withSystemAccess } from '../../db/tenant-scope';
import type { RequestContext } from '../../http/request-context';
import { recordAuditEvent } from '../audit/index';
import { openSignedInSession } from '../auth/index';
import { getOrganization } from '../organizations/index';
import { findOrganizationAdministrator, getAnyUserName } from '../users/index';
import { authorizeImpersonation } from './impersonation.policy';

/**
 * POST /api/devops/impersonations (docs/behaviour/onboarding.md, "Impersonation"): opens a
 * session as the organisation's first active administrator that names the devops user
 * (`impersonator_user_id`) and ends `IMPERSONATION_DURATION_MS` (30 min) after it starts,
 * whatever its activity; its refresh token replaces the devops user's cookie. The devops user's
 * own session stays open. The organisation and its administrator are found with the
 * `impersonation` access; the session and the `impersonation.started` audit event (in the
 * impersonated organisation's log, the devops user as actor) are written in that
 * organisation's scope, in one transaction.
 * @throws AppError 'forbidden' unless devops (and not already impersonating); 'not-found' for an
 *   unknown organisation or one without an active administrator.
 */
export async function startImpersonation(
  deps: AppDeps,
  ctx: RequestContext,
  input: { organizationId: string; userAgent: string | null },
  now = new Date(),
): Promise<{ response: LoginResponse; refreshToken: string }> {
  authorizeImpersonation(ctx);
  const impersonatorName = (await getAnyUserName(deps, ctx.userId)) ?? '';
  const admin = await withSystemAccess('impersonation', async () => {
    const organization = await getOrganization(deps, input.organizationId);
    return organization ? findOrganizationAdministrator(deps, organization.id) : null;
  });
  if (!admin) throw new AppError('not-found', 'No organisation with an administrator has this id');
  const expiresAt = new Date(now.getTime() + IMPERSONATION_DURATION_MS);
  return withOrganization(admin.organizationId, () =>
    deps.db.transaction(async (tx) => {
      const { response, refreshToken, sessionId } = await openSignedInSession(deps, tx, {
        userId: admin.id,
        organizationId: admin.organizationId,
        userAgent: input.userAgent,
        now,
        impersonatorUserId: ctx.userId,
        impersonatorName,
        expiresAt,
      });
      // Written directly, not as a domain event: the actor is a devops user of another organisation,
      // whose name this organisation's scope cannot read after the commit (docs/behaviour/events.md).
      await recordAuditEvent(tx, {
        organizationId: admin.organizationId,
        actor: { userId: ctx.userId, name: impersonatorName },
        action: 'impersonation.started',
        target: { type: 'user', id: admin.id },
        details: {
          sessionId,
          impersonatorOrganizationId: ctx.organizationId,
          expiresAt: expiresAt.toISOString(),
        },
        now,
      });
      return { response, refreshToken };
    }),
  );
}
