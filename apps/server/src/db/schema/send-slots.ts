import { sql } from 'drizzle-orm';
import { pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organizations } from './organizations';

/**
 * Per-number send slots (docs/behaviour/messages.md, "Carriers' per-number rates"): for a carrier
 * that accepts a limited rate per sender number (Twilio long codes ≈ 1 text/s), the next free
 * instant of each (organisation, sender number). A sender claims its slots by moving
 * `next_free_at` forward in one upsert (the row's lock orders the claims of every process);
 * `claimed_from` is where its claim started, returned with it. A number not yet texted has no row.
 */
export const senderNumberSlots = pgTable(
  'sender_number_slots',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    phoneNumber: text('phone_number').notNull(),
    claimedFrom: timestamp('claimed_from', { withTimezone: true, mode: 'date' })
      .notNull()
      .default(sql`now()`),
    nextFreeAt: timestamp('next_free_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.phoneNumber] })],
);
