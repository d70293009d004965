import type { Team } from '@accueil/domain';
import type { teams } from '../../db/schema/teams';

type TeamRow = typeof teams.$inferSelect;

/** Team row → API shape (a team is a user group). */
export function presentTeam(row: TeamRow): Team {
  return { id: row.id, organizationId: row.organizationId, label: row.label, phoneNumber: row.phoneNumber, main: row.main };
}
