import { AppError, type Role } from '@accueil/domain';
import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import type { DbOrTx } from '../../db/client';
import { userPhoneLines, users } from '../../db/schema/users';
import { isEmailUsedByTeam } from '../teams/index';
import { isEmailUsedByUser } from './user-lookups';

const ADMIN_ROLES: Role[] = ['admin', 'super-admin', 'devops'];

/**
 * A user's e-mail is unique among the organisation's users and differs from its teams' e-mails.
 * @throws AppError `email-taken` (409, 'This email is already in use').
 */
export async function assertUserEmailFree(
  deps: Pick<AppDeps, 'db'>,
  input: { organizationId: string; email: string; exceptUserId?: string },
  tx: DbOrTx,
): Promise<void> {
  if ((await isEmailUsedByUser(deps, input, tx)) || (await isEmailUsedByTeam(deps, input, tx))) {
    throw new AppError('email-taken', 'This email is already in use');
  }
}

/** @throws AppError `username-taken` (409) when another user of the installation has it (case-insensitive: sign-in does not ask for the organisation). */
export async function assertUsernameFree(
  tx: DbOrTx,
  input: { username: string; exceptUserId?: string },
): Promise<void> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        sql`lower(${users.username}) = ${input.username.toLowerCase()}`,
        input.exceptUserId ? ne(users.id, input.exceptUserId) : undefined,
      ),
    )
    .limit(1);
  if (rows.length) throw new AppError('username-taken', 'This username is already in use');
}

/**
 * The organisation keeps at least one active administrator: taking `userId`'s administrator
 * role away or disabling them is refused when no other active administrator is left.
 * @throws AppError `organization-last-administrator` (409).
 */
export async function assertAnotherAdministrator(
  tx: DbOrTx,
  input: { organizationId: string; userId: string },
): Promise<void> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.organizationId, input.organizationId),
        ne(users.id, input.userId),
        inArray(users.role, ADMIN_ROLES),
        isNull(users.disabledAt),
      ),
    )
    .limit(1);
  if (!rows.length)
    throw new AppError(
      'organization-last-administrator',
      'The organisation needs at least one administrator',
    );
}

/**
 * Gives `userId` the phone line `sipUsername` (null frees theirs). A line is held by one user of
 * the organisation at a time.
 * @throws AppError `sip-line-taken` (409) when another user of the organisation holds it.
 */
export async function setPhoneLine(
  tx: DbOrTx,
  input: { organizationId: string; userId: string; sipUsername: string | null },
): Promise<void> {
  if (input.sipUsername === null) {
    await tx.delete(userPhoneLines).where(eq(userPhoneLines.userId, input.userId));
    return;
  }
  const [holder] = await tx
    .select({ userId: userPhoneLines.userId })
    .from(userPhoneLines)
    .where(
      and(
        eq(userPhoneLines.organizationId, input.organizationId),
        eq(userPhoneLines.sipUsername, input.sipUsername),
      ),
    )
    .limit(1);
  if (holder && holder.userId !== input.userId)
    throw new AppError('sip-line-taken', 'This phone line is assigned to another user');
  await tx
    .insert(userPhoneLines)
    .values({ organizationId: input.organizationId, userId: input.userId, sipUsername: input.sipUsername })
    .onConflictDoUpdate({
      target: userPhoneLines.userId,
      set: { sipUsername: input.sipUsername, assignedAt: new Date() },
    });
}
