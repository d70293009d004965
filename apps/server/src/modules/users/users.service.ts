import {
  AppError,
  roleSchema,
  sessionAbilities,
  type Locale,
  type PresenceStatus,
  type Role,
  type SessionContext,
} from '@accueil/domain';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema/users';
import { getOrganization } from '../organizations/index';
import { listTeamsOfUser } from '../teams/index';
import { actorOf } from '../../http/actor';
import { presentUser } from './users.presenter';

/** What sign-in needs of a user (internal to the server: carries the password hash). */
export type SignInUser = { id: string; organizationId: string; passwordHash: string; role: Role };

/** The active user with this username (case-insensitive, unique across the installation), or null (a disabled one too). */
export async function findUserForSignIn(
  deps: Pick<AppDeps, 'db'>,
  username: string,
  tx: DbOrTx = deps.db,
): Promise<SignInUser | null> {
  const [row] = await tx
    .select({
      id: users.id,
      organizationId: users.organizationId,
      passwordHash: users.passwordHash,
      role: users.role,
    })
    .from(users)
    // A disabled account signs in no more: it answers like an unknown username.
    .where(and(sql`lower(${users.username}) = ${username.toLowerCase()}`, isNull(users.disabledAt)))
    .limit(1);
  return row ? { ...row, role: roleOf(row.role) } : null;
}

/** A stored role as the app reads it: a value it does not know counts as the least privileged, `user`. */
export function roleOf(stored: string): Role {
  return roleSchema.catch('user').parse(stored);
}

/**
 * The signed-in person's context (sign-in and profile answers): user, current team, organisation, teams,
 * and the abilities of their role there.
 * The current team is the stored one when the user still belongs to it, else their main (or
 * first) team, else null. @throws AppError `not-found` when the user does not exist.
 */
export async function getUserContext(
  deps: Pick<AppDeps, 'db'>,
  userId: string,
  tx: DbOrTx = deps.db,
): Promise<SessionContext> {
  const [row] = await tx.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!row) throw new AppError('not-found', 'User not found');
  const [organization, teams] = [
    await getOrganization(deps, row.organizationId, tx),
    await listTeamsOfUser(deps, userId, tx),
  ];
  if (!organization) throw new AppError('not-found', 'Organisation not found');
  const current = currentTeamAmong(teams, row.currentTeamId);
  return {
    user: presentUser(
      row,
      teams.map((t) => t.id),
      current?.id ?? null,
    ),
    userGroup: current,
    organization,
    userGroups: teams,
    abilities: sessionAbilities(
      actorOf({
        userId,
        role: roleOf(row.role),
        organizationId: row.organizationId,
        teamId: current?.id ?? null,
      }),
    ),
  };
}

/**
 * The current team among a user's `teams` (main team first): the stored one when the user still
 * belongs to it, else the first, else null.
 */
function currentTeamAmong<T extends { id: string }>(teams: readonly T[], storedId: string | null): T | null {
  return teams.find((t) => t.id === storedId) ?? teams[0] ?? null;
}

/** What the server decides with about a user (its words: `teamId`, not the API's `userGroup`). */
export type UserScope = { userId: string; organizationId: string; role: Role; teamId: string | null };

/**
 * A user's organisation, role and current team (by `getUserContext`'s rule) for the server's own
 * decisions — the work-hours gate, a carrier's call for a browser — without building the
 * session's API answer (its organisation, abilities, presented teams). Null when no such user exists.
 */
export async function userScopeOf(
  deps: Pick<AppDeps, 'db'>,
  userId: string,
  tx: DbOrTx = deps.db,
): Promise<UserScope | null> {
  const [row] = await tx
    .select({ organizationId: users.organizationId, role: users.role, currentTeamId: users.currentTeamId })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) return null;
  const memberships = await listTeamsOfUser(deps, userId, tx);
  return {
    userId,
    organizationId: row.organizationId,
    role: roleOf(row.role),
    teamId: currentTeamAmong(memberships, row.currentTeamId)?.id ?? null,
  };
}

/** Stores the user's current team (the caller has checked membership). */
export async function setCurrentTeam(
  deps: Pick<AppDeps, 'db'>,
  input: { userId: string; teamId: string },
  tx: DbOrTx = deps.db,
): Promise<void> {
  await tx.update(users).set({ currentTeamId: input.teamId }).where(eq(users.id, input.userId));
}

/** Stores the user's presence status (presence: online, offline, away, busy). */
export async function setUserStatus(
  deps: Pick<AppDeps, 'db'>,
  input: { userId: string; status: PresenceStatus },
  tx: DbOrTx = deps.db,
): Promise<void> {
  await tx.update(users).set({ status: input.status }).where(eq(users.id, input.userId));
}

/** Stores the user's interface locale (fr-CA, en-CA or fr-FR). */
export async function setUserLocale(
  deps: Pick<AppDeps, 'db'>,
  input: { userId: string; locale: Locale },
  tx: DbOrTx = deps.db,
): Promise<void> {
  await tx.update(users).set({ locale: input.locale }).where(eq(users.id, input.userId));
}

/** The user's name as people read it ("First Last", or the username when both are empty), or null when the user is gone. */
export async function userDisplayName(tx: DbOrTx, userId: string): Promise<string | null> {
  const [row] = await tx
    .select({ firstName: users.firstName, lastName: users.lastName, username: users.username })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) return null;
  return `${row.firstName ?? ''} ${row.lastName ?? ''}`.trim() || row.username;
}
