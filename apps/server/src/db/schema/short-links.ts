import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { organizations } from './organizations';

/**
 * A short link (docs/behaviour/short-links.md): `code` (random, unguessable) redirects to
 * `url` at `/l/<code>`; `clicks` counts the redirects. One row per (organisation, url). Owned
 * by the links module.
 */
export const shortLinks = pgTable(
  'short_links',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    url: text('url').notNull(),
    clicks: integer('clicks').notNull().default(0),
    createdByUserId: uuid('created_by_user_id'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('short_links_code_uq').on(t.code),
    uniqueIndex('short_links_org_url_uq').on(t.organizationId, t.url),
    index('short_links_org_idx').on(t.organizationId),
  ],
);
