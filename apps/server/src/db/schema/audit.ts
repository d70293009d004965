import { sql } from 'drizzle-orm';
import { bigint, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { organizations } from './organizations';

/**
 * The audit log (docs/behaviour/security.md, "Audit log"): append-only — the app's role may
 * INSERT and SELECT, never UPDATE or DELETE (the migration revokes them). Each organisation's
 * events form one chain: `seq` numbers them from 1 without gaps, `prevHash` is the previous
 * event's `hash` (64 zeros for the first), `hash` the SHA-256 of the previous hash and the row's
 * canonical content (modules/audit/audit-hash.ts). The actor is kept by id and by name without a
 * foreign key, so an event outlives its user and no cascade ever rewrites a row.
 * Owned by the audit module.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    actorUserId: uuid('actor_user_id'),
    actorName: text('actor_name'),
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
    /**
     * The domain event this entry was written for by the audit subscriber (no foreign key, as
     * the actor's), unique: a redelivered event writes no second entry. Null for an entry written
     * by its action's transaction. Not hashed: it links the entry, it is not what happened.
     */
    eventId: uuid('event_id'),
  },
  (t) => [
    uniqueIndex('audit_events_org_seq_uq').on(t.organizationId, t.seq),
    index('audit_events_org_created_idx').on(t.organizationId, t.createdAt),
    index('audit_events_org_action_idx').on(t.organizationId, t.action, t.seq),
    uniqueIndex('audit_events_event_id_uq').on(t.eventId),
  ],
);
