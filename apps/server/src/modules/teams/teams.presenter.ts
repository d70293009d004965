import { teamInboxSchema, type Team, type TeamConfig } from '@accueil/domain';
import type { teams } from '../../db/schema/teams';

type TeamRow = typeof teams.$inferSelect;

/** Team row → API shape (a team is a user group). */
export function presentTeam(row: TeamRow): Team {
  return {
    id: row.id,
    organizationId: row.organizationId,
    label: row.label,
    phoneNumber: row.phoneNumber,
    main: row.main,
  };
}

/**
 * Team row and its members → the configuration's shape, as `readerId` sees it (`isMember`,
 * `isAdministrator`). Members are sorted by name.
 */
export function presentTeamConfig(
  row: TeamRow,
  members: { userId: string; displayName: string; administrator: boolean }[],
  readerId: string,
): TeamConfig {
  const sorted = [...members].sort((a, b) => a.displayName.localeCompare(b.displayName));
  const reader = members.find((m) => m.userId === readerId);
  return {
    id: row.id,
    organizationId: row.organizationId,
    label: row.label,
    email: row.email,
    phoneNumber: row.phoneNumber,
    main: row.main,
    defaultInbox: teamInboxSchema.catch('sms').parse(row.defaultInbox),
    autoAssign: row.autoAssign,
    members: sorted,
    isMember: reader !== undefined,
    isAdministrator: reader?.administrator ?? false,
  };
}
