import { sql, type SQL } from 'drizzle-orm';

/**
 * A sub-select for another module's statement: the ids (column `team_id`) of the teams the user
 * belongs to in the organisation (the team switcher's teams), read through `team_members`'
 * primary key and user index. Used by the per-team unread counts (docs/behaviour/labels.md).
 */
export function teamIdsOfUserStatement(organizationId: string, userId: string): SQL {
  return sql`select m.team_id from team_members m where m.organization_id = ${organizationId} and m.user_id = ${userId}`;
}
