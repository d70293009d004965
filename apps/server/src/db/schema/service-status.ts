import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * The service's status (owned by the service-status module; docs/behaviour/service-status.md):
 * one row for the whole installation (`id` = 1), not a tenant's. No row: operational, nothing
 * shown. `banner_text` holds one text per interface locale (`{ "fr-CA": …, "en-CA": …, "fr-FR": … }`).
 */
export const serviceStatus = pgTable(
  'service_status',
  {
    id: smallint('id').primaryKey().default(1),
    status: text('status').notNull(),
    enabled: boolean('enabled').notNull(),
    banner: boolean('banner').notNull(),
    overlay: boolean('overlay').notNull(),
    dismissable: boolean('dismissable').notNull(),
    bannerText: jsonb('banner_text').$type<Record<'fr-CA' | 'en-CA' | 'fr-FR', string>>().notNull(),
    nextWindowAt: timestamp('next_window_at', { withTimezone: true, mode: 'date' }),
    plannedDurationMinutes: integer('planned_duration_minutes'),
    displayAheadMinutes: integer('display_ahead_minutes'),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
    updatedByUserId: uuid('updated_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [check('service_status_single_row', sql`${t.id} = 1`)],
);
