import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { teams } from '../../db/schema/teams';

/**
 * Whether team `teamId` of `organizationId` auto-assigns its conversations to the first member
 * who replies (docs/behaviour/assignment.md); false for an unknown team.
 */
export async function teamAutoAssigns(tx: DbOrTx, organizationId: string, teamId: string): Promise<boolean> {
  const [row] = await tx
    .select({ autoAssign: teams.autoAssign })
    .from(teams)
    .where(and(eq(teams.organizationId, organizationId), eq(teams.id, teamId)));
  return row?.autoAssign ?? false;
}
