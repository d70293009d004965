import type { AddressKind } from '@accueil/domain';
import { sql } from 'drizzle-orm';
import { check, index, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { contacts } from './contacts';
import { organizations } from './organizations';

/**
 * Where a contact is reached (docs/architecture.md, "Channels"), as Chatwoot's `contact_inbox`:
 * one row per (contact, kind, address), `kind` an `ADDRESS_KINDS` value, `address` normalised
 * (E.164 for a phone, lower case and trimmed for an e-mail; the same form as a conversation's
 * `friendly_name`). `position` 0 is the contact's primary address of that kind, the one the API
 * shows as the contact's `phone` / `email`. The source of truth for every look-up by address:
 * inbound matching (texts, calls), the contact of a new conversation, the contacts search.
 * `contacts.phone` and `contacts.email` stay as the copy of the primary addresses (the API's
 * fields, the search text, the main-phone unique index); ONE database function keeps this table
 * in step with them, the trigger `contacts_sync_addresses` (migration 0029), so every writer of
 * contacts (API, import, bookings, seeds) writes its addresses through it. A linked contact has
 * its own row with the phone it shares with its main contact. Deleted with the contact.
 */
export const contactAddresses = pgTable(
  'contact_addresses',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    contactId: uuid('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<AddressKind>().notNull(),
    address: text('address').notNull(),
    /** 0: the primary address of its kind; later ones by rank. */
    position: smallint('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    // The look-up of a sender (inbound texts and calls), of a new conversation's contact.
    index('contact_addresses_org_kind_address_idx').on(t.organizationId, t.kind, t.address),
    // The contacts search (modules/contacts/contact-search.ts) looks in the secondary addresses;
    // the primary ones are searched as their copy in `contacts.search_text`.
    index('contact_addresses_secondary_trgm_idx')
      .using('gin', sql`${t.address} gin_trgm_ops`)
      .where(sql`${t.position} > 0`),
    uniqueIndex('contact_addresses_contact_kind_address_uq').on(t.contactId, t.kind, t.address),
    check('contact_addresses_kind_ck', sql`${t.kind} IN ('phone', 'email')`),
  ],
);
