import type { OrganizationNames, OrganizationOptions, Schedule } from '@accueil/domain';
import { sql } from 'drizzle-orm';
import { customType, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Binary column (PostgreSQL `bytea`) read and written as a Buffer (the phone-settings tables use it too). */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/**
 * Organisation (tenant) and its settings. Owned by the organizations module.
 * `name` is the name in the organisation's own locale, kept beside `names` (every locale's)
 * because lists and messages read it. Null `schedule` means the default schedule; null
 * `options` the default options; null `tier_permissions` no tier data (the defaults of
 * docs/behaviour/organization-settings.md).
 */
export const organizations = pgTable('organizations', {
  id: uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  name: text('name').notNull(),
  names: jsonb('names').$type<OrganizationNames>(),
  locale: text('locale').notNull().default('fr-CA'),
  country: text('country').notNull().default('CA'),
  timeZone: text('time_zone').notNull().default('America/Toronto'),
  sector: text('sector'),
  services: jsonb('services').$type<string[]>().notNull().default([]),
  website: text('website'),
  phone: text('phone'),
  email: text('email'),
  address: text('address'),
  expertises: jsonb('expertises').$type<string[]>().notNull().default([]),
  options: jsonb('options').$type<OrganizationOptions>(),
  schedule: jsonb('schedule').$type<Schedule>(),
  tierPermissions: jsonb('tier_permissions').$type<number[]>(),
  /** When the logo last changed (its URL carries it, so browsers fetch a new logo at once); null without a logo. */
  logoUpdatedAt: timestamp('logo_updated_at', { withTimezone: true, mode: 'date' }),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * The organisation's logo, resized (WebP). One row per organisation that has a logo. Its bytes
 * are in the storage carrier under `storageKey` (`size` bytes); `content` held them before
 * (migration 0032), and is emptied by `moveBlobsToStorage`.
 */
export const organizationLogos = pgTable('organization_logos', {
  organizationId: uuid('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  mediaType: text('media_type').notNull(),
  storageKey: text('storage_key'),
  size: integer('size'),
  content: bytea('content'),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
