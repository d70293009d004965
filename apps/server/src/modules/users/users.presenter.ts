import {
  roleSchema,
  presenceStatusSchema,
  signatureModeSchema,
  type User,
  type UserAccount,
  type UserDirectoryEntry,
} from '@accueil/domain';
import type { users } from '../../db/schema/users';
import { displayNameOf } from './user-lookups';

type UserRow = typeof users.$inferSelect;

/**
 * User row → API shape. Never the password hash. `teamIds`: the user's teams (the API's
 * `groups`); `currentTeamId`: the team they work in (`currentGroupId`).
 */
export function presentUser(row: UserRow, teamIds: string[], currentTeamId: string | null): User {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    name: { first: row.firstName, last: row.lastName },
    role: roleSchema.catch('user').parse(row.role),
    locale: row.locale,
    organizationId: row.organizationId,
    groups: teamIds,
    currentGroupId: currentTeamId,
    status: presenceStatusSchema.catch('offline').parse(row.status),
    settings: {
      phoneNumber: row.settings.phoneNumber ?? null,
      allowIncomingCalls: row.settings.allowIncomingCalls ?? true,
    },
  };
}

/** User row, their memberships and phone line → the account administrators edit (never the password hash). */
export function presentUserAccount(
  row: UserRow,
  teams: { teamId: string; administrator: boolean }[],
  phoneLine: string | null,
): UserAccount {
  return {
    id: row.id,
    organizationId: row.organizationId,
    username: row.username,
    email: row.email,
    displayName: displayNameOf(row),
    name: { first: row.firstName, last: row.lastName },
    role: roleSchema.catch('user').parse(row.role),
    locale: row.locale,
    profession: row.profession,
    languages: row.languages,
    teams,
    defaultTeamId: row.defaultTeamId,
    signature: {
      mode: signatureModeSchema.catch('no-signature').parse(row.signatureMode),
      content: row.signature,
    },
    phoneLine,
    disabledAt: row.disabledAt?.toISOString() ?? null,
  };
}

/** User row → the directory entry every signed-in user reads. */
export function presentDirectoryEntry(row: UserRow): UserDirectoryEntry {
  return {
    id: row.id,
    displayName: displayNameOf(row),
    name: { first: row.firstName, last: row.lastName },
    settings: { phoneNumber: row.settings.phoneNumber ?? null },
    disabled: row.disabledAt !== null,
  };
}
