import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organizations } from './organizations';

/**
 * The outbox of domain events (docs/behaviour/events.md): one row per event, written by
 * `recordEvent` in the transaction of the change it tells, so a rolled-back change leaves no
 * event. `ip` and `userAgent`: the request the change came from (the audit records them).
 * `dispatchedAt`: when a delivery job was last sent for it; `deliveredAt`: when every
 * subscriber had it (the sweeper sends again the events without it). Owned by `events/`.
 */
export const domainEvents = pgTable(
  'domain_events',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    actorUserId: uuid('actor_user_id'),
    payload: jsonb('payload').notNull(),
    /** Where the change was asked from (a request's address and user agent); null outside a request. */
    ip: text('ip'),
    userAgent: text('user_agent'),
    occurredAt: timestamp('occurred_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    dispatchedAt: timestamp('dispatched_at', { withTimezone: true, mode: 'date' }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('domain_events_undelivered_idx')
      .on(t.occurredAt)
      .where(sql`${t.deliveredAt} IS NULL`),
    index('domain_events_org_idx').on(t.organizationId, t.occurredAt),
  ],
);

/**
 * Which subscriber has had which event: one row per (event, subscriber), written once the
 * subscriber's handler returned, so a redelivered event skips the subscribers that had it.
 */
export const eventDeliveries = pgTable(
  'event_deliveries',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => domainEvents.id, { onDelete: 'cascade' }),
    subscriber: text('subscriber').notNull(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.subscriber] })],
);
