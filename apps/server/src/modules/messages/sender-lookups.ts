import type { AppDeps } from '../../app-deps';
import type { DbOrTx } from '../../db/client';
import { getTeam } from '../teams/index';
import { getUserContext } from '../users/index';

/** The team's own phone number (E.164, what its texts come from), or null. */
export async function getTeamPhoneNumber(
  deps: AppDeps,
  tx: DbOrTx,
  organizationId: string,
  teamId: string,
): Promise<string | null> {
  return (await getTeam(deps, organizationId, teamId, tx))?.phoneNumber ?? null;
}

/** How a user signs an outbound message: `author` (username) and `authorName` (first + last). */
export async function getAuthor(
  deps: AppDeps,
  tx: DbOrTx,
  userId: string,
): Promise<{ author: string; authorName: string }> {
  const { user } = await getUserContext(deps, userId, tx);
  return { author: user.username, authorName: `${user.name.first} ${user.name.last}`.trim() };
}
