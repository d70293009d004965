import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { teams } from '../../db/schema/teams';

/** The team's e-mail (its mailbox's address) when the team is the organisation's: `{ email }` (null when it has none), or null. */
export async function getTeamEmail(
  db: DbOrTx,
  organizationId: string,
  teamId: string,
): Promise<{ email: string | null } | null> {
  const [row] = await db
    .select({ email: teams.email })
    .from(teams)
    .where(and(eq(teams.id, teamId), eq(teams.organizationId, organizationId)));
  return row ?? null;
}
