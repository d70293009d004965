import type { AppointmentStatus, AvailabilityRange, Gender } from '@accueil/domain';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { contacts } from './contacts';
import { organizations } from './organizations';

/**
 * A professional whose agenda the organisation keeps (owned by the agenda module). A record of
 * its own, not a user: a dentist may never sign in (docs/behaviour/agenda.md).
 */
export const professionals = pgTable(
  'professionals',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    profession: text('profession').notNull(),
    expertise: text('expertise').notNull(),
    yearsOfExperience: integer('years_of_experience').notNull().default(0),
    languages: text('languages')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('professionals_org_idx').on(t.organizationId)],
);

/** An availability category of a professional: label, colour (`#rrggbb`) and weekly ranges (jsonb). */
export const availabilityCategories = pgTable(
  'availability_categories',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    professionalId: uuid('professional_id')
      .notNull()
      .references(() => professionals.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    colour: text('colour').notNull(),
    ranges: jsonb('ranges').$type<AvailabilityRange[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('availability_categories_professional_idx').on(t.organizationId, t.professionalId)],
);

/**
 * An appointment. Two appointments of one professional that are not cancelled never overlap:
 * an exclusion constraint (`appointments_no_overlap`, written in the migration) holds it.
 */
export const appointments = pgTable(
  'appointments',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    professionalId: uuid('professional_id')
      .notNull()
      .references(() => professionals.id, { onDelete: 'restrict' }),
    categoryId: uuid('category_id').references(() => availabilityCategories.id, { onDelete: 'set null' }),
    service: text('service').notNull().default(''),
    startsAt: timestamp('starts_at', { withTimezone: true, mode: 'date' }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true, mode: 'date' }).notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    status: text('status').$type<AppointmentStatus>().notNull().default('created'),
    contactId: uuid('contact_id').references(() => contacts.id, { onDelete: 'set null' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    birthday: date('birthday', { mode: 'string' }),
    phone: text('phone'),
    email: text('email'),
    gender: text('gender').$type<Gender>().notNull().default('male'),
    kit: boolean('kit').notNull().default(false),
    extraDocument: boolean('extra_document').notNull().default(false),
    requests: text('requests').notNull().default(''),
    notes: text('notes').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('appointments_org_start_idx').on(t.organizationId, t.startsAt),
    index('appointments_contact_idx').on(t.organizationId, t.contactId),
    check('appointments_ends_after_start', sql`${t.endsAt} > ${t.startsAt}`),
    check('appointments_status_check', sql`${t.status} in ('created', 'moved', 'cancelled')`),
  ],
);
