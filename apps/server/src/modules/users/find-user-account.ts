import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema/users';
import { roleOf } from './users.service';

/** A user's account as sessions need it: id, organisation, role. */
export type UserAccount = { id: string; organizationId: string; role: ReturnType<typeof roleOf> };

/**
 * The account of user `id` in any organisation the caller's scope sees, or null (ending an
 * impersonation reads the devops user's with the `impersonation` access).
 */
export async function findUserAccount(
  deps: Pick<AppDeps, 'db'>,
  id: string,
  tx: DbOrTx = deps.db,
): Promise<UserAccount | null> {
  const [row] = await tx
    .select({ id: users.id, organizationId: users.organizationId, role: users.role })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  return row ? { ...row, role: roleOf(row.role) } : null;
}

/**
 * The organisation's first active administrator (role admin or super-admin, not disabled, oldest first), whom an
 * impersonation acts as; null when it has none.
 */
export async function findOrganizationAdministrator(
  deps: Pick<AppDeps, 'db'>,
  organizationId: string,
  tx: DbOrTx = deps.db,
): Promise<UserAccount | null> {
  const [row] = await tx
    .select({ id: users.id, organizationId: users.organizationId, role: users.role })
    .from(users)
    .where(
      and(
        eq(users.organizationId, organizationId),
        inArray(users.role, ['admin', 'super-admin']),
        isNull(users.disabledAt),
      ),
    )
    .orderBy(asc(users.createdAt), asc(users.id))
    .limit(1);
  return row ? { ...row, role: roleOf(row.role) } : null;
}
