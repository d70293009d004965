import type { AppDeps } from '../../app-deps';
import type { DbOrTx } from '../../db/client';
import { getOrganization } from '../organizations/organizations.service';
import { getTeam } from '../teams/teams.service';
import { getUserContext } from '../users/users.service';

export { findTeamByPhoneNumber } from '../teams/teams.service';

/**
 * What this module needs from the organizations, teams and users modules, through their
 * services (a module never reads another module's tables).
 */

/** The organisation's country (ISO 3166 alpha-2), to read numbers typed without +. */
export async function getOrganizationCountry(deps: AppDeps, tx: DbOrTx, organizationId: string): Promise<string> {
  return (await getOrganization(deps, organizationId, tx))?.country ?? 'CA';
}

/** The team's own phone number (E.164, what its texts come from), or null. */
export async function getTeamPhoneNumber(deps: AppDeps, tx: DbOrTx, organizationId: string, teamId: string): Promise<string | null> {
  return (await getTeam(deps, organizationId, teamId, tx))?.phoneNumber ?? null;
}

/** How a user signs an outbound message: `author` (username) and `authorName` (first + last). */
export async function getAuthor(deps: AppDeps, tx: DbOrTx, userId: string): Promise<{ author: string; authorName: string }> {
  const { user } = await getUserContext(deps, userId, tx);
  return { author: user.username, authorName: `${user.name.first} ${user.name.last}`.trim() };
}
