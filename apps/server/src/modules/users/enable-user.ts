import type { UserAccount } from '@accueil/domain';
import { and, eq } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { users } from '../../db/schema/users';
import type { RequestContext } from '../../http/request-context';
import { recordAuditEvent } from '../audit/index';
import { findUserRow, loadUserAccount } from './user-accounts';
import { authorizeUserManagement } from './users.policy';

/**
 * POST /api/users/:id/enable (administrators): a disabled user may sign in again; audited
 * (`user.enabled`) in the same transaction when they were disabled.
 * @throws AppError `not-found` (404), `forbidden` (403).
 */
export async function enableUser(deps: AppDeps, ctx: RequestContext, id: string): Promise<UserAccount> {
  return deps.db.transaction(async (tx) => {
    const row = await findUserRow(tx, ctx.organizationId, id);
    authorizeUserManagement(ctx, row);
    if (row!.disabledAt) {
      await tx
        .update(users)
        .set({ disabledAt: null })
        .where(and(eq(users.organizationId, ctx.organizationId), eq(users.id, id)));
      await recordAuditEvent(tx, {
        organizationId: ctx.organizationId,
        actor: { userId: ctx.userId },
        action: 'user.enabled',
        target: { type: 'user', id },
      });
    }
    return loadUserAccount(deps, ctx.organizationId, id, tx);
  });
}
