import type { Channel, Media, SecureFileSummary } from '@accueil/domain';
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
import { conversations } from './conversations';
import { organizations } from './organizations';

/**
 * Message. `channel` is what it travelled on (`CHANNELS`: a text, a call's trace, an e-mail),
 * `carrier` who carried it (sandbox, twilio, …). `seq` orders the messages of a conversation (1, 2, …). `carrierMessageId` is the
 * carrier's id (Twilio MessageSid): unique, so a retried inbound webhook is stored once.
 */
export const messages = pgTable(
  'messages',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    version: integer('version').notNull().default(1),
    author: text('author').notNull(),
    /** The author's display name when written (a user's first + last name; null for inbound). */
    authorName: text('author_name'),
    authorUserId: uuid('author_user_id'),
    /** Sent by itself (an automatic reply), not by a person: shown as automatic in the conversation. */
    automatic: boolean('automatic').notNull().default(false),
    from: text('from').notNull(),
    to: text('to').notNull(),
    body: text('body').notNull().default(''),
    carrier: text('carrier').notNull(),
    carrierMessageId: text('carrier_message_id'),
    status: text('status').notNull(),
    /**
     * True from when an outbound text is stored until a process takes its carrier call
     * (`takeCarrierCalls`): a text replayed while still pending was never handed to the carrier
     * (its process died waiting for its number's slot) and is handed over by whoever takes it.
     */
    carrierCallPending: boolean('carrier_call_pending').notNull().default(false),
    errorCode: text('error_code'),
    direction: text('direction').notNull(),
    channel: text('channel').$type<Channel>().notNull().default('sms'),
    media: jsonb('media').$type<Media[]>().notNull().default([]),
    /** An internal note's mentioned users `{ id, name }`, named as they were when it was written; null otherwise. */
    mentions: jsonb('mentions').$type<{ id: string; name: string }[]>(),
    /** The secure file this message shows (docs/behaviour/secure-files.md), kept up to date with its state; null otherwise. */
    secureFile: jsonb('secure_file').$type<SecureFileSummary>(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('messages_conversation_seq_uq').on(t.conversationId, t.seq),
    uniqueIndex('messages_carrier_id_uq').on(t.carrier, t.carrierMessageId),
    // Small pending list (256 kB): merged often and briefly, not in one long statement
    // (docs/benchmarks.md, "GIN pending lists").
    index('messages_body_trgm_idx')
      .using('gin', sql`${t.body} gin_trgm_ops`)
      .with({ gin_pending_list_limit: 256 }),
    // The organisation's rows by time: the statistics roll-up counts a few days of one organisation
    // (docs/behaviour/statistics.md); with the organisation alone it read every text the organisation
    // ever had, each hour (docs/benchmarks.md, "Statistics"). Also the organisation's lookups and deletes.
    index('messages_org_created_idx').on(t.organizationId, t.createdAt),
    check('messages_channel_ck', sql`${t.channel} IN ('sms', 'voice', 'email')`),
    // An internal note never reaches a carrier (docs/behaviour/notes-and-presence.md): no carrier,
    // no carrier id, a final status, never waiting for a carrier call — whatever path wrote it.
    check(
      'messages_note_no_carrier_ck',
      sql`${t.direction} <> 'note' OR (${t.carrier} = 'none' AND ${t.carrierMessageId} IS NULL AND NOT ${t.carrierCallPending} AND ${t.status} = 'delivered')`,
    ),
  ],
);
