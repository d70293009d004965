import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import type { DbOrTx } from '../../db/client';
import { teamMembers } from '../../db/schema/teams';

/** One membership: the user, the team, and whether the team flags them administrator. */
export type Membership = { teamId: string; userId: string; administrator: boolean };

/** The memberships of the organisation's teams (all, or of `teamIds`), optionally of one user. */
export async function listMemberships(
  deps: Pick<AppDeps, 'db'>,
  input: { organizationId: string; teamIds?: readonly string[]; userId?: string },
  tx: DbOrTx = deps.db,
): Promise<Membership[]> {
  if (input.teamIds && input.teamIds.length === 0) return [];
  const rows = await tx
    .select({ teamId: teamMembers.teamId, userId: teamMembers.userId, administrator: teamMembers.isAdmin })
    .from(teamMembers)
    .where(
      and(
        eq(teamMembers.organizationId, input.organizationId),
        input.teamIds ? inArray(teamMembers.teamId, [...input.teamIds]) : undefined,
        input.userId ? eq(teamMembers.userId, input.userId) : undefined,
      ),
    );
  return rows;
}

/** Adds the user to each team with its administrator flag, or updates the flag when they are already in it. */
export async function upsertMemberships(
  tx: DbOrTx,
  input: {
    organizationId: string;
    userId: string;
    teams: readonly { teamId: string; administrator: boolean }[];
  },
): Promise<void> {
  if (input.teams.length === 0) return;
  await tx
    .insert(teamMembers)
    .values(
      input.teams.map((t) => ({
        organizationId: input.organizationId,
        teamId: t.teamId,
        userId: input.userId,
        isAdmin: t.administrator,
      })),
    )
    // `excluded.is_admin`: the flag the insert proposed.
    .onConflictDoUpdate({
      target: [teamMembers.teamId, teamMembers.userId],
      set: { isAdmin: sql`excluded.is_admin` },
    });
}

/** Removes one membership; true when there was one. */
export async function deleteMembership(
  tx: DbOrTx,
  input: { organizationId: string; teamId: string; userId: string },
): Promise<boolean> {
  const rows = await tx
    .delete(teamMembers)
    .where(
      and(
        eq(teamMembers.organizationId, input.organizationId),
        eq(teamMembers.teamId, input.teamId),
        eq(teamMembers.userId, input.userId),
      ),
    )
    .returning({ userId: teamMembers.userId });
  return rows.length > 0;
}
