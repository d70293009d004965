import type { UserAccount } from '@accueil/domain';
import { and, eq } from 'drizzle-orm';
import { recordEvent } from '../../events/record-event';
import { transactionWithEvents } from '../../events/transaction-with-events';
import type { AppDeps } from '../../app-deps';
import { users } from '../../db/schema/users';
import type { RequestContext } from '../../http/request-context';
import { findUserRow, loadUserAccount } from './user-accounts';
import { authorizeUserManagement } from './users.policy';

/**
 * POST /api/users/:id/enable (administrators): a disabled user may sign in again; audited
 * (`user.enabled`) in the same transaction when they were disabled.
 * @throws AppError `not-found` (404), `forbidden` (403).
 */
export async function enableUser(deps: AppDeps, ctx: RequestContext, id: string): Promise<UserAccount> {
  return transactionWithEvents(deps, async (tx) => {
    const row = await findUserRow(tx, ctx.organizationId, id);
    authorizeUserManagement(ctx, row);
    if (row!.disabledAt) {
      await tx
        .update(users)
        .set({ disabledAt: null })
        .where(and(eq(users.organizationId, ctx.organizationId), eq(users.id, id)));
      await recordEvent(tx, {
        name: 'user.enabled',
        organizationId: ctx.organizationId,
        actorUserId: ctx.userId,
        payload: { userId: id },
      });
    }
    return loadUserAccount(deps, ctx.organizationId, id, tx);
  });
}
