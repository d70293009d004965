import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema/users';

/** What other modules show of a user: id, the name colleagues see, whether the account is disabled. */
export type UserSummary = { id: string; displayName: string; disabled: boolean };

/** The name colleagues see: the display name, else first and last names. */
export function displayNameOf(row: { displayName: string; firstName: string; lastName: string }): string {
  return row.displayName.trim() || `${row.firstName} ${row.lastName}`.trim();
}

/**
 * Summaries of the organisation's users, all of them or those of `userIds` (ids of another
 * organisation are left out: callers answer 404 for a missing one).
 */
export async function listUserSummaries(
  deps: Pick<AppDeps, 'db'>,
  input: { organizationId: string; userIds?: readonly string[] },
  tx: DbOrTx = deps.db,
): Promise<UserSummary[]> {
  if (input.userIds && input.userIds.length === 0) return [];
  const rows = await tx
    .select({
      id: users.id,
      displayName: users.displayName,
      firstName: users.firstName,
      lastName: users.lastName,
      disabledAt: users.disabledAt,
    })
    .from(users)
    .where(
      and(
        eq(users.organizationId, input.organizationId),
        input.userIds ? inArray(users.id, [...input.userIds]) : undefined,
      ),
    );
  return rows.map((r) => ({ id: r.id, displayName: displayNameOf(r), disabled: r.disabledAt !== null }));
}

/** True when a user of the organisation other than `exceptUserId` has this e-mail (case-insensitive). */
export async function isEmailUsedByUser(
  deps: Pick<AppDeps, 'db'>,
  input: { organizationId: string; email: string; exceptUserId?: string },
  tx: DbOrTx = deps.db,
): Promise<boolean> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.organizationId, input.organizationId),
        sql`lower(${users.email}) = ${input.email.toLowerCase()}`,
        input.exceptUserId ? ne(users.id, input.exceptUserId) : undefined,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/**
 * After the user left team `teamId`: when it was their current or default team, the current
 * one becomes their default team if they still belong to it, else `fallbackTeamId` (another of
 * their teams, or null); a default team they left is cleared.
 */
export async function forgetTeamOfUser(
  deps: Pick<AppDeps, 'db'>,
  input: { userId: string; teamId: string; fallbackTeamId: string | null },
  tx: DbOrTx = deps.db,
): Promise<void> {
  await tx
    .update(users)
    .set({
      defaultTeamId: sql`CASE WHEN ${users.defaultTeamId} = ${input.teamId} THEN NULL ELSE ${users.defaultTeamId} END`,
    })
    .where(eq(users.id, input.userId));
  await tx
    .update(users)
    .set({ currentTeamId: sql`coalesce(${users.defaultTeamId}, ${input.fallbackTeamId}::uuid)` })
    .where(and(eq(users.id, input.userId), eq(users.currentTeamId, input.teamId)));
}

/** Gives a user without a current team this one (a user who joins their first team works in it). */
export async function adoptTeamIfNone(
  deps: Pick<AppDeps, 'db'>,
  input: { userId: string; teamId: string },
  tx: DbOrTx = deps.db,
): Promise<void> {
  await tx
    .update(users)
    .set({ currentTeamId: input.teamId })
    .where(and(eq(users.id, input.userId), sql`${users.currentTeamId} IS NULL`));
}
