import type { UserAccount } from '@accueil/domain';
import { and, eq } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { users } from '../../db/schema/users';
import type { RequestContext } from '../../http/request-context';
import { findUserRow, loadUserAccount } from './user-accounts';
import { authorizeUserManagement } from './users.policy';

/** POST /api/users/:id/enable (administrators): a disabled user may sign in again. @throws AppError `not-found` (404), `forbidden` (403). */
export async function enableUser(deps: AppDeps, ctx: RequestContext, id: string): Promise<UserAccount> {
  return deps.db.transaction(async (tx) => {
    authorizeUserManagement(ctx, await findUserRow(tx, ctx.organizationId, id));
    await tx
      .update(users)
      .set({ disabledAt: null })
      .where(and(eq(users.organizationId, ctx.organizationId), eq(users.id, id)));
    return loadUserAccount(deps, ctx.organizationId, id, tx);
  });
}
