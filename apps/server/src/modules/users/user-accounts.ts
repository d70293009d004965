import type { UserAccount } from '@accueil/domain';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import type { DbOrTx } from '../../db/client';
import { userPhoneLines, users } from '../../db/schema/users';
import { listMemberships } from '../teams/index';
import { presentUserAccount } from './users.presenter';

/** The user row of the organisation, or null (another organisation's user too). */
export async function findUserRow(tx: DbOrTx, organizationId: string, userId: string) {
  const [row] = await tx
    .select()
    .from(users)
    .where(and(eq(users.organizationId, organizationId), eq(users.id, userId)))
    .limit(1);
  return row ?? null;
}

/** The organisation's user accounts (all, or `userIds`), by display name then username. */
export async function loadUserAccounts(
  deps: Pick<AppDeps, 'db'>,
  organizationId: string,
  userIds?: readonly string[],
  tx: DbOrTx = deps.db,
): Promise<UserAccount[]> {
  const rows = await tx
    .select()
    .from(users)
    .where(
      and(eq(users.organizationId, organizationId), userIds ? inArray(users.id, [...userIds]) : undefined),
    )
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.username));
  const memberships = await listMemberships(deps, { organizationId }, tx);
  const lines = new Map(
    (await tx.select().from(userPhoneLines).where(eq(userPhoneLines.organizationId, organizationId))).map(
      (l) => [l.userId, l.sipUsername],
    ),
  );
  return rows.map((row) =>
    presentUserAccount(
      row,
      memberships
        .filter((m) => m.userId === row.id)
        .map((m) => ({ teamId: m.teamId, administrator: m.administrator })),
      lines.get(row.id) ?? null,
    ),
  );
}

/** One account of the organisation (call it for a user known to exist). */
export async function loadUserAccount(
  deps: Pick<AppDeps, 'db'>,
  organizationId: string,
  userId: string,
  tx: DbOrTx = deps.db,
): Promise<UserAccount> {
  const [account] = await loadUserAccounts(deps, organizationId, [userId], tx);
  if (!account) throw new Error(`user ${userId} vanished`);
  return account;
}
