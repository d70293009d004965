import type { UserAccount, UserDirectoryEntry } from '@accueil/domain';
import { asc, eq } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { users } from '../../db/schema/users';
import type { RequestContext } from '../../http/request-context';
import { loadUserAccounts } from './user-accounts';
import { authorizeUserManagement } from './users.policy';
import { presentDirectoryEntry } from './users.presenter';

/** GET /api/users (administrators): the organisation's accounts. @throws AppError `forbidden` (403). */
export function listUsers(deps: AppDeps, ctx: RequestContext): Promise<UserAccount[]> {
  authorizeUserManagement(ctx);
  return loadUserAccounts(deps, ctx.organizationId);
}

/** GET /api/users/directory: the organisation's users as colleagues see them (any signed-in user). */
export async function listUserDirectory(deps: AppDeps, ctx: RequestContext): Promise<UserDirectoryEntry[]> {
  const rows = await deps.db
    .select()
    .from(users)
    .where(eq(users.organizationId, ctx.organizationId))
    .orderBy(asc(users.lastName), asc(users.firstName));
  return rows.map(presentDirectoryEntry);
}
