import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { organizations } from './organizations';
import { users } from './users';

/**
 * Contact (patient or client). `phone` is E.164. A linked contact (`linkedToId`, `relation`)
 * shares its main contact's phone; among main contacts a phone is unique per organisation.
 * `phone` and `email` are the copy of the contact's primary addresses: `contact_addresses` is
 * the source of truth of where a contact is reached, which the trigger `contacts_sync_addresses`
 * keeps in step with these two columns (look-ups by address read that table, not these).
 * `searchText` and `sortKey` are generated (lower case, accents removed by the immutable
 * `contacts_unaccent` wrapper of the migrations): the search reads `searchText` through a
 * trigram index, the list is ordered by `sortKey` (last name, first name) then id.
 */
export const contacts = pgTable(
  'contacts',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    phone: text('phone'),
    email: text('email'),
    business: boolean('business').notNull().default(false),
    businessName: text('business_name'),
    /** YYYY-MM-DD. */
    birthday: date('birthday', { mode: 'string' }),
    address: text('address'),
    city: text('city'),
    postalCode: text('postal_code'),
    /** 'fr' | 'en'. */
    language: text('language'),
    /** 'male' | 'female'. */
    gender: text('gender').notNull().default('male'),
    note: text('note'),
    /** YYYY-MM-DD: since when the organisation knows the contact (the creation day by default). */
    contactSince: date('contact_since', { mode: 'string' }),
    /** What the carrier's look-up said of the phone (`PHONE_LINE_TYPES`), null when unknown. */
    phoneLineType: text('phone_line_type'),
    /** The main contact whose phone this linked contact shares (its deletion deletes this one). */
    linkedToId: uuid('linked_to_id'),
    /** `CONTACT_RELATIONS` value of a linked contact. */
    relation: text('relation'),
    /** The import that created the row (null when typed in). */
    importId: uuid('import_id'),
    searchText: text('search_text').generatedAlwaysAs(
      sql`lower(contacts_unaccent(first_name || ' ' || last_name || ' ' || coalesce(email, '') || ' ' || coalesce(phone, '')))`,
    ),
    sortKey: text('sort_key').generatedAlwaysAs(
      sql`lower(contacts_unaccent(last_name || ' ' || first_name))`,
    ),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('contacts_name_trgm_idx').using('gin', sql`(${t.firstName} || ' ' || ${t.lastName}) gin_trgm_ops`),
    index('contacts_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    // The list's order, with the search text in the index so the search can walk that order
    // without reading the table (an index-only scan: modules/contacts/contact-search.ts).
    index('contacts_org_sort_search_idx').on(t.organizationId, t.sortKey, t.id, t.searchText),
    index('contacts_linked_to_idx').on(t.linkedToId),
    uniqueIndex('contacts_org_main_phone_uq')
      .on(t.organizationId, t.phone)
      .where(sql`${t.linkedToId} is null and ${t.phone} is not null`),
    foreignKey({ columns: [t.linkedToId], foreignColumns: [t.id], name: 'contacts_linked_to_fk' }).onDelete(
      'cascade',
    ),
  ],
);

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * A contacts import: the uploaded file (kept until the import ends, so a worker of any process
 * can resume it after a restart), where it is, and its counts. `processedRows` data rows have
 * been written or skipped; a resumed import starts after them. `kind` is the detected format.
 */
export const contactImports = pgTable(
  'contact_imports',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    fileName: text('file_name').notNull(),
    /** 'csv' | 'xls' | 'xlsx'. */
    kind: text('kind').notNull(),
    /** The uploaded file in the storage carrier, until the import ends (then null, the file deleted). */
    fileStorageKey: text('file_storage_key'),
    fileSize: integer('file_size'),
    /** Where the file was kept before migration 0032 (emptied by `moveBlobsToStorage`). */
    file: bytea('file'),
    /** 'queued' | 'running' | 'done' | 'failed'. */
    status: text('status').notNull().default('queued'),
    totalRows: integer('total_rows').notNull().default(0),
    processedRows: integer('processed_rows').notNull().default(0),
    importedCount: integer('imported_count').notNull().default(0),
    skippedCount: integer('skipped_count').notNull().default(0),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('contact_imports_org_idx').on(t.organizationId, t.createdAt)],
);

/** A row an import skipped: its number in the file (1 = first line), the reason, and its cells. */
export const contactImportSkippedRows = pgTable(
  'contact_import_skipped_rows',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    importId: uuid('import_id')
      .notNull()
      .references(() => contactImports.id, { onDelete: 'cascade' }),
    rowNumber: integer('row_number').notNull(),
    reason: text('reason').notNull(),
    cells: jsonb('cells').$type<string[]>().notNull(),
  },
  (t) => [index('contact_import_skipped_rows_import_idx').on(t.importId, t.rowNumber)],
);
