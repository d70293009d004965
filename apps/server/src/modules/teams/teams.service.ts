import type { Team } from '@accueil/domain';
import { and, asc, desc, eq, isNotNull } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import type { DbOrTx } from '../../db/client';
import { teamMembers, teams } from '../../db/schema/teams';
import { presentTeam } from './teams.presenter';

/**
 * The team whose phone number is `e164` (team numbers are unique across the installation),
 * or null. Inbound texts are routed with it (docs/behaviour/messages.md). Not tenant-scoped on purpose:
 * the carrier tells us only the number. `tx`: read inside the caller's transaction.
 */
export async function findTeamByPhoneNumber(
  deps: Pick<AppDeps, 'db'>,
  e164: string,
  tx: DbOrTx = deps.db,
): Promise<Team | null> {
  const [row] = await tx.select().from(teams).where(eq(teams.phoneNumber, e164)).limit(1);
  return row ? presentTeam(row) : null;
}

/** The teams a user belongs to, main team first, then by label. */
export async function listTeamsOfUser(
  deps: Pick<AppDeps, 'db'>,
  userId: string,
  tx: DbOrTx = deps.db,
): Promise<Team[]> {
  const rows = await tx
    .select({ team: teams })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(eq(teamMembers.userId, userId))
    .orderBy(desc(teams.main), asc(teams.label));
  return rows.map((r) => presentTeam(r.team));
}

/**
 * A team of the organisation by id, or null (another organisation's team is null too:
 * callers answer 404).
 */
export async function getTeam(
  deps: Pick<AppDeps, 'db'>,
  organizationId: string,
  teamId: string,
  tx: DbOrTx = deps.db,
): Promise<Team | null> {
  const [row] = await tx
    .select()
    .from(teams)
    .where(and(eq(teams.id, teamId), eq(teams.organizationId, organizationId)))
    .limit(1);
  return row ? presentTeam(row) : null;
}

/** Every team of an organisation (main first, then by label). */
export async function listTeamsOfOrganization(
  deps: Pick<AppDeps, 'db'>,
  organizationId: string,
  tx: DbOrTx = deps.db,
): Promise<Team[]> {
  const rows = await tx
    .select()
    .from(teams)
    .where(eq(teams.organizationId, organizationId))
    .orderBy(desc(teams.main), asc(teams.label));
  return rows.map(presentTeam);
}

/**
 * The newest `limit` teams that have a phone number, across organisations (newest first).
 * Only for the sandbox's phone simulator, which plays every contact's phone.
 */
export async function listNewestTeamsWithPhoneNumber(
  deps: Pick<AppDeps, 'db'>,
  limit: number,
): Promise<Team[]> {
  const rows = await deps.db
    .select()
    .from(teams)
    .where(isNotNull(teams.phoneNumber))
    .orderBy(desc(teams.createdAt), desc(teams.id))
    .limit(limit);
  return rows.map(presentTeam);
}

/** True when the user is a member of the team (both in the organisation). */
export async function isTeamMember(
  deps: Pick<AppDeps, 'db'>,
  input: { organizationId: string; teamId: string; userId: string },
  tx: DbOrTx = deps.db,
): Promise<boolean> {
  const rows = await tx
    .select({ teamId: teamMembers.teamId })
    .from(teamMembers)
    .where(
      and(
        eq(teamMembers.organizationId, input.organizationId),
        eq(teamMembers.teamId, input.teamId),
        eq(teamMembers.userId, input.userId),
      ),
    )
    .limit(1);
  return rows.length > 0;
}
