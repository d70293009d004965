import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { organizations, teams, users } from '../../db/schema/index';

// TODO(S1 services): these read tables owned by the organizations, teams and users modules
// until their services expose the same look-ups; then they call those services instead.

/** The organisation's country (ISO 3166 alpha-2), used to read numbers typed without +. */
export async function getOrganizationCountry(db: DbOrTx, organizationId: string): Promise<string> {
  const [row] = await db.select({ country: organizations.country }).from(organizations).where(eq(organizations.id, organizationId));
  return row?.country ?? 'CA';
}

/** The team's own phone number (E.164, what its texts come from), or null. */
export async function getTeamPhoneNumber(db: DbOrTx, organizationId: string, teamId: string): Promise<string | null> {
  const [row] = await db
    .select({ phoneNumber: teams.phoneNumber })
    .from(teams)
    .where(and(eq(teams.organizationId, organizationId), eq(teams.id, teamId)));
  return row?.phoneNumber ?? null;
}

/** How a user signs an outbound message: `author` (username) and `authorName` (first + last). */
export async function getAuthor(db: DbOrTx, organizationId: string, userId: string): Promise<{ author: string; authorName: string }> {
  const [row] = await db
    .select({ username: users.username, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(and(eq(users.organizationId, organizationId), eq(users.id, userId)));
  if (!row) return { author: userId, authorName: '' };
  return { author: row.username, authorName: `${row.firstName} ${row.lastName}`.trim() };
}

/**
 * The team whose number is `phoneNumber` (E.164; numbers are unique across the installation),
 * or null. Replace with S1's `findTeamByPhoneNumber` from teams.service when it exists.
 */
export async function findTeamByPhoneNumber(db: DbOrTx, phoneNumber: string): Promise<{ id: string; organizationId: string } | null> {
  const [row] = await db.select({ id: teams.id, organizationId: teams.organizationId }).from(teams).where(eq(teams.phoneNumber, phoneNumber));
  return row ?? null;
}
