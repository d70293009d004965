import { roleSchema, presenceStatusSchema, type User } from '@accueil/domain';
import type { users } from '../../db/schema/users';

type UserRow = typeof users.$inferSelect;

/**
 * User row → API shape. Never the password hash. `groups` are the ids of the
 * user's teams; `currentGroupId` the team they work in.
 */
export function presentUser(row: UserRow, groups: string[], currentGroupId: string | null): User {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    name: { first: row.firstName, last: row.lastName },
    role: roleSchema.catch('user').parse(row.role),
    locale: row.locale,
    organizationId: row.organizationId,
    groups,
    currentGroupId,
    status: presenceStatusSchema.catch('offline').parse(row.status),
    settings: { phoneNumber: row.settings.phoneNumber ?? null, allowIncomingCalls: row.settings.allowIncomingCalls ?? true },
  };
}
