import type { AddressKind, ConversationAttributes } from '@accueil/domain';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { contacts } from './contacts';
import { organizations } from './organizations';
import { teams } from './teams';
import { users } from './users';

/**
 * Conversation of one team with one address: `channel` is the kind of address (`phone`: texts
 * and calls share the thread; `email`), `address` the address itself (E.164 or a marker for
 * a phone, lower case for an e-mail; the column is `friendly_name`, the spec's `friendlyName`,
 * which only the presenters say). A conversation is identified by (team, channel, address).
 * `pinned` is generated from the attributes so the list's keyset index can use it.
 * `version` grows on every change; `lastSeq` is the seq of the newest message.
 * A deleted conversation (`deletedAt`, `deletedBy`) leaves every list and lookup, and can be
 * restored for 30 days; an address has at most one conversation that is not deleted per team
 * and channel.
 */
export const conversations = pgTable(
  'conversations',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    sid: text('sid').notNull(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    contactId: uuid('contact_id').references(() => contacts.id, { onDelete: 'set null' }),
    /** The kind of address the conversation talks to (`ADDRESS_KINDS`). */
    channel: text('channel').$type<AddressKind>().notNull().default('phone'),
    address: text('friendly_name').notNull(),
    status: text('status').notNull().default('active'),
    attributes: jsonb('attributes').$type<ConversationAttributes>().notNull().default({}),
    pinned: boolean('pinned')
      .notNull()
      .generatedAlwaysAs(sql`coalesce((attributes->>'pinned')::boolean, false)`),
    version: integer('version').notNull().default(1),
    lastSeq: integer('last_seq').notNull().default(0),
    lastMessageId: uuid('last_message_id'),
    /** Sending is blocked until then: the contact answers a survey or flow (a follow-up). */
    flowLockedUntil: timestamp('flow_locked_until', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
    deletedBy: uuid('deleted_by').references(() => users.id, { onDelete: 'set null' }),
    /**
     * The member of the team who handles it, or null: unassigned (docs/behaviour/assignment.md).
     * A deleted user leaves it unassigned; one who leaves the team too (a subscriber).
     */
    assigneeId: uuid('assignee_id').references(() => users.id, { onDelete: 'set null' }),
    /**
     * Snoozed until then: out of the active list (in the Snoozed one) until a job reopens it at
     * that instant, or an inbound text, e-mail or call does first; null: not snoozed
     * (docs/behaviour/snooze.md). `snoozedBy`: the member who snoozed it.
     */
    snoozedUntil: timestamp('snoozed_until', { withTimezone: true, mode: 'date' }),
    snoozedBy: uuid('snoozed_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('conversations_sid_uq').on(t.sid),
    // The conversation's identity (team, channel, address). Deleted conversations keep their
    // address: a new text from it starts a new conversation.
    uniqueIndex('conversations_team_channel_address_uq')
      .on(t.teamId, t.channel, t.address)
      .where(sql`${t.deletedAt} IS NULL`),
    // The administrators' restore list and the purge job read the few deleted rows only.
    index('conversations_deleted_idx')
      .on(t.organizationId, t.deletedAt)
      .where(sql`${t.deletedAt} IS NOT NULL`),
    index('conversations_list_idx').on(t.teamId, t.status, t.pinned.desc(), t.updatedAt.desc(), t.id.desc()),
    // The inactive list ignores `pinned` (latest update only): without this index PostgreSQL
    // sorted every archived conversation of the team for each page (docs/benchmarks.md).
    index('conversations_recent_idx').on(t.teamId, t.status, t.updatedAt.desc(), t.id.desc()),
    // The views Mine and Unassigned (assignee = me, assignee IS NULL): the same keyset walk as
    // conversations_list_idx, within one assignee; their counts read it too.
    index('conversations_assignee_idx').on(
      t.teamId,
      t.assigneeId,
      t.status,
      t.pinned.desc(),
      t.updatedAt.desc(),
      t.id.desc(),
    ),
    // The Snoozed list (docs/behaviour/snooze.md): the few snoozed conversations of a team by
    // latest update, without walking the team's whole active list to find them.
    index('conversations_snoozed_idx')
      .on(t.teamId, t.updatedAt.desc(), t.id.desc())
      .where(sql`${t.snoozedUntil} IS NOT NULL`),
    // Unread badges: only the few conversations with a notification, not the whole team.
    index('conversations_unread_idx')
      .on(t.teamId, t.status)
      .where(sql`(${t.attributes}->>'hasNotification')::boolean`),
    // Search by contact name goes contact → conversations; also keeps ON DELETE SET NULL cheap.
    index('conversations_contact_idx').on(t.contactId),
    // The organisation's rows by creation: the statistics roll-up counts a few days of one organisation
    // (docs/behaviour/statistics.md); with the organisation alone it read every conversation the organisation
    // ever had, each hour (docs/benchmarks.md, "Statistics"). Also the organisation's lookups and deletes.
    index('conversations_org_created_idx').on(t.organizationId, t.createdAt),
    check('conversations_channel_ck', sql`${t.channel} IN ('phone', 'email')`),
    // Every text updates the conversation (a new row version, so new entries in every index): a
    // small pending list is merged often and briefly instead of in a 50–150 ms statement every
    // ≈ 17,000 texts (docs/benchmarks.md, "GIN pending lists").
    index('conversations_number_trgm_idx')
      .using('gin', sql`${t.address} gin_trgm_ops`)
      .with({ gin_pending_list_limit: 256 }),
  ],
);
