import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organizations } from './organizations';

/** Contact (patient or client). `phone` is E.164. */
export const contacts = pgTable(
  'contacts',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    phone: text('phone'),
    email: text('email'),
    business: boolean('business').notNull().default(false),
    businessName: text('business_name'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('contacts_org_phone_idx').on(t.organizationId, t.phone),
    index('contacts_name_trgm_idx').using('gin', sql`(${t.firstName} || ' ' || ${t.lastName}) gin_trgm_ops`),
  ],
);
