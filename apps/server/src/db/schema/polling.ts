import { bigint, index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organizations } from './organizations';
import { teams } from './teams';

/**
 * Each organisation's polling sequence (owned by the messaging-v1 module; docs/behaviour/france.md):
 * `last_seq` is the newest polled event's number, `purged_through` the newest one deleted by the
 * retention purge (a cursor below it has lost events: the poll answers `reset`). The row is
 * locked by each event's insert until it commits, so numbers are given in commit order and a
 * poller that saw `last_seq = n` has every event up to n visible.
 */
export const pollingCounters = pgTable('polling_counters', {
  organizationId: uuid('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  lastSeq: bigint('last_seq', { mode: 'number' }).notNull().default(0),
  purgedThrough: bigint('purged_through', { mode: 'number' }).notNull().default(0),
});

/**
 * The inbox events of organisations in France, in their organisation's sequence, for the polling
 * transport: the realtime event's `name` and `payload` as the team's room got it, its `team_id`
 * (who may see it) and the spec's `type` (create, update, remove, error). Kept
 * `POLLING_RETENTION_MS`, then purged.
 */
export const pollingEvents = pgTable(
  'polling_events',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    name: text('name').notNull(),
    payload: jsonb('payload').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.seq] }),
    index('polling_events_created_at_idx').on(t.createdAt),
  ],
);
