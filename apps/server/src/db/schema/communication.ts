import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organizations } from './organizations';

/**
 * Quick message (text block) of an organisation in one locale (`fr-CA`, `en-CA`, `fr-FR`).
 * `body` may hold tokens (`{{first_name}}`), filled when sent. `template` marks a model the
 * composer puts in the text field to be edited. Owned by the communication module.
 */
export const textBlocks = pgTable(
  'text_blocks',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    locale: text('locale').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    pinned: boolean('pinned').notNull().default(false),
    template: boolean('template').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('text_blocks_org_locale_idx').on(t.organizationId, t.locale)],
);
