import { and, eq, sql } from 'drizzle-orm';
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

/** The organisation's team whose e-mail is `email` (case-insensitive), or null (spec §5: a team e-mail belongs to the organisation). */
export async function findTeamByEmail(
  db: DbOrTx,
  organizationId: string,
  email: string,
): Promise<{ id: string; email: string } | null> {
  const [row] = await db
    .select({ id: teams.id, email: teams.email })
    .from(teams)
    .where(and(eq(teams.organizationId, organizationId), sql`lower(${teams.email}) = lower(${email})`));
  return row?.email ? { id: row.id, email: row.email } : null;
}
