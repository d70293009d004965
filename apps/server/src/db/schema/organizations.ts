import { sql } from 'drizzle-orm';
import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Organisation (tenant). Owned by the organizations module. */
export const organizations = pgTable('organizations', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  name: text('name').notNull(),
  locale: text('locale').notNull().default('fr-CA'),
  country: text('country').notNull().default('CA'),
  timeZone: text('time_zone').notNull().default('America/Toronto'),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
