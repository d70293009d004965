import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { conversations } from './conversations';
import { organizations } from './organizations';
import { teams } from './teams';

/**
 * Automatic reply setting of an organisation (`teamId` null) or of one team, per kind
 * (`missed-call`, `missed-sms`, `vacation`): one row per (organisation, team or none, kind).
 * Owned by the automations module.
 */
export const automaticReplies = pgTable(
  'automatic_replies',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    teamId: uuid('team_id').references(() => teams.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    enabled: boolean('enabled').notNull().default(false),
    body: text('body').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('automatic_replies_scope_kind_uq').on(
      t.organizationId,
      sql`coalesce(${t.teamId}, '00000000-0000-0000-0000-000000000000'::uuid)`,
      t.kind,
    ),
  ],
);

/**
 * Each automatic reply sent (the limits' memory): at most one per conversation (a contact of a
 * team) per period of the schedule (`periodKey`: the period and the instant it ends), enforced
 * by the unique index; the 15-minute rule reads `sentAt` under the conversation's row lock.
 */
export const automaticReplySends = pgTable(
  'automatic_reply_sends',
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
    kind: text('kind').notNull(),
    periodKey: text('period_key').notNull(),
    messageId: uuid('message_id'),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('automatic_reply_sends_period_uq').on(t.conversationId, t.periodKey),
    index('automatic_reply_sends_recent_idx').on(t.conversationId, t.sentAt.desc()),
    index('automatic_reply_sends_org_idx').on(t.organizationId),
  ],
);
