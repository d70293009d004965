import { sql } from 'drizzle-orm';
import { pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { organizations } from './organizations';

/**
 * The recipients of an organisation's weekly statistics report (owned by the statistics module;
 * docs/behaviour/statistics.md). An address is in the list once (organisation-setup-content.md
 * §5): stored lower-cased, unique per organisation.
 */
export const statisticsRecipients = pgTable(
  'statistics_recipients',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('statistics_recipients_org_email_uq').on(t.organizationId, t.email)],
);
