import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { organizations } from './organizations';

/** PostgreSQL's `tsvector` (full-text search document); written from SQL, never read by the app. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * A post of the content library (docs/behaviour/library.md): its type, alias (unique per
 * organisation, and among the catalogue's), image, services, draft flag and `version` (raised by
 * every save; the editor's stale version answers 409). `organization_id` null: the shared
 * catalogue shipped with the product (`catalogue_sector` names its sector); row-level security
 * lets those rows through only under a named system access. Owned by the library module.
 */
export const posts = pgTable(
  'posts',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    alias: text('alias').notNull(),
    image: text('image'),
    automation: boolean('automation').notNull().default(false),
    draft: boolean('draft').notNull().default(true),
    services: jsonb('services').$type<string[]>().notNull().default([]),
    catalogueSector: text('catalogue_sector'),
    authorUserId: uuid('author_user_id'),
    updatedByUserId: uuid('updated_by_user_id'),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('posts_org_alias_uq').on(t.organizationId, t.alias),
    uniqueIndex('posts_catalogue_alias_uq')
      .on(t.alias)
      .where(sql`organization_id IS NULL`),
    index('posts_org_type_idx').on(t.organizationId, t.type),
  ],
);

/**
 * A post's version in one locale: title, short summary, and `search_vector` (French and English
 * stems of the title, summary and section bodies, accents folded by the app before stemming:
 * PGlite has no `unaccent`; docs/behaviour/library.md, "Search").
 */
export const postVersions = pgTable(
  'post_versions',
  {
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
    locale: text('locale').notNull(),
    title: text('title').notNull(),
    short: text('short').notNull().default(''),
    searchVector: tsvector('search_vector').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.postId, t.locale] }),
    index('post_versions_search_idx').using('gin', t.searchVector),
  ],
);

/**
 * A section of a post's version: `section_id` is the author's identifier (unique in the
 * version), `parent` the step a slide belongs to, `position` its place in the reading order and
 * `sibling_index` among its parent's sections; `sub_sections` the ordered parts (sanitised HTML).
 */
export const postSections = pgTable(
  'post_sections',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
    locale: text('locale').notNull(),
    sectionId: text('section_id').notNull(),
    title: text('title').notNull().default(''),
    label: text('label').notNull().default(''),
    parent: text('parent'),
    position: integer('position').notNull(),
    siblingIndex: integer('sibling_index').notNull(),
    checkbox: boolean('checkbox').notNull().default(false),
    privateNote: text('private_note').notNull().default(''),
    subSections: jsonb('sub_sections')
      .$type<{ title: string; body: string; url: string | null; align: string; format: string }[]>()
      .notNull()
      .default([]),
  },
  (t) => [uniqueIndex('post_sections_post_locale_section_uq').on(t.postId, t.locale, t.sectionId)],
);
