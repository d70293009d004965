import type { LabelColor } from '@accueil/domain';
import { sql } from 'drizzle-orm';
import { index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { conversations } from './conversations';
import { organizations } from './organizations';

/**
 * A label of an organisation (docs/behaviour/labels.md): a name unique in the organisation with
 * case ignored (the unique index on `lower(name)`), a colour of `LABEL_COLORS`. Owned by the
 * labels module.
 */
export const labels = pgTable(
  'labels',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    color: text('color').$type<LabelColor>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('labels_organization_name_uq').on(t.organizationId, sql`lower(${t.name})`)],
);

/**
 * A label set on a conversation: one row per (conversation, label); deleting either takes the
 * row with it. `organizationId` carries the tenant for row-level security.
 */
export const conversationLabels = pgTable(
  'conversation_labels',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    labelId: uuid('label_id')
      .notNull()
      .references(() => labels.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.conversationId, t.labelId] }),
    // The list's label filter (an EXISTS per row from the conversation side uses the key) and a
    // label's delete cascade read a label's rows.
    index('conversation_labels_label_idx').on(t.labelId, t.conversationId),
  ],
);
