import type { Team } from '@accueil/domain';
import type { AppDeps } from '../../app-deps';
import type { Tx } from '../../db/client';
import { teamMembers, teams } from '../../db/schema/teams';
import { presentTeam } from './teams.presenter';

/**
 * Creates an organisation's teams inside the caller's transaction, in order; the first is its
 * main team. They have no phone number yet (configured later). Returns them as the API presents them.
 */
export async function createTeams(
  deps: Pick<AppDeps, 'db'>,
  tx: Tx,
  input: { organizationId: string; labels: string[] },
): Promise<Team[]> {
  if (input.labels.length === 0) return [];
  const rows = await tx
    .insert(teams)
    .values(input.labels.map((label, i) => ({ organizationId: input.organizationId, label, main: i === 0 })))
    .returning();
  return rows.map(presentTeam);
}

/** Adds memberships (user × team) of one organisation inside the caller's transaction. */
export async function addTeamMemberships(
  deps: Pick<AppDeps, 'db'>,
  tx: Tx,
  input: { organizationId: string; memberships: { teamId: string; userId: string }[] },
): Promise<void> {
  if (input.memberships.length === 0) return;
  await tx
    .insert(teamMembers)
    .values(input.memberships.map((m) => ({ organizationId: input.organizationId, ...m })));
}
