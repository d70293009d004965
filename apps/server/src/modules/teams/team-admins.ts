import type { AppDeps } from '../../app-deps';
import type { DbOrTx } from '../../db/client';
import { findTeamRow } from './team-configs';
import { listMemberships, type Membership } from './team-memberships';

/**
 * A team of the organisation as the membership policy judges it (its flagged administrators),
 * with its memberships; null when missing or of another organisation.
 */
export async function findTeamForMembership(
  deps: Pick<AppDeps, 'db'>,
  organizationId: string,
  teamId: string,
  tx: DbOrTx,
) {
  const row = await findTeamRow(tx, organizationId, teamId);
  if (!row) return null;
  const members: Membership[] = await listMemberships(deps, { organizationId, teamIds: [teamId] }, tx);
  return {
    id: row.id,
    organizationId: row.organizationId,
    administratorIds: members.filter((m) => m.administrator).map((m) => m.userId),
    members,
  };
}
