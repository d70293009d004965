import type { UserAccount } from '@accueil/domain';
import type { AppDeps } from '../../app-deps';
import type { RequestContext } from '../../http/request-context';
import { findUserRow, loadUserAccount } from './user-accounts';
import { authorizeUserManagement } from './users.policy';

/** GET /api/users/:id (administrators). @throws AppError `not-found` (404, another organisation's too), `forbidden` (403). */
export async function getUser(deps: AppDeps, ctx: RequestContext, id: string): Promise<UserAccount> {
  authorizeUserManagement(ctx, await findUserRow(deps.db, ctx.organizationId, id));
  return loadUserAccount(deps, ctx.organizationId, id);
}
