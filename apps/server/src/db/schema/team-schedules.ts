import type { Schedule } from '@accueil/domain';
import { jsonb, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organizations } from './organizations';
import { teams } from './teams';

/**
 * A team's own schedule (week and vacations). A team without a row follows the organisation's
 * week (docs/behaviour/schedules.md "Teams"). Owned by the teams module.
 */
export const teamSchedules = pgTable('team_schedules', {
  teamId: uuid('team_id')
    .primaryKey()
    .references(() => teams.id, { onDelete: 'cascade' }),
  organizationId: uuid('organization_id')
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  schedule: jsonb('schedule').$type<Schedule>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
