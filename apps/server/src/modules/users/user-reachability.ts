import type { PresenceStatus } from '@accueil/domain';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import type { DbOrTx } from '../../db/client';
import { userPhoneLines, users } from '../../db/schema/users';
import { displayNameOf } from './user-lookups';

/** A user a call can be handed to: their name, presence and the SIP line assigned to them (its user name), if any. */
export type ReachableUser = {
  id: string;
  displayName: string;
  status: PresenceStatus;
  sipUsername: string | null;
};

/** The organisation's users who are not disabled, by name, with their presence and SIP line (the call transfer's choices). */
export async function listReachableUsers(
  deps: Pick<AppDeps, 'db'>,
  organizationId: string,
  tx: DbOrTx = deps.db,
): Promise<ReachableUser[]> {
  const rows = await tx
    .select({
      id: users.id,
      displayName: users.displayName,
      firstName: users.firstName,
      lastName: users.lastName,
      status: users.status,
      sipUsername: userPhoneLines.sipUsername,
    })
    .from(users)
    .leftJoin(userPhoneLines, eq(userPhoneLines.userId, users.id))
    .where(and(eq(users.organizationId, organizationId), isNull(users.disabledAt)))
    .orderBy(asc(users.lastName), asc(users.firstName));
  return rows.map((r) => ({
    id: r.id,
    displayName: displayNameOf(r),
    status: r.status as PresenceStatus,
    sipUsername: r.sipUsername,
  }));
}
