import type { ScheduledReminder, ScheduledSendKind, ScheduledSendState } from '@accueil/domain';
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { conversations } from './conversations';
import { organizations } from './organizations';
import { teams } from './teams';

/**
 * A scheduled message (docs/behaviour/scheduled-messages.md). `localDate`/`localTime` are what
 * the user chose, wall-clock in `timeZone` (the organisation's when saved); `dueAt` the instant
 * they make. `state`: `scheduled` | `sent` | `failed` (the message send's outcome). Owned by
 * the scheduled-messages module.
 */
export const scheduledMessages = pgTable(
  'scheduled_messages',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    conversationId: uuid('conversation_id').references(() => conversations.id, { onDelete: 'set null' }),
    toPhone: text('to_phone').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    localDate: text('local_date').notNull(),
    localTime: text('local_time'),
    timeZone: text('time_zone').notNull(),
    dueAt: timestamp('due_at', { withTimezone: true, mode: 'date' }).notNull(),
    reminders: jsonb('reminders').$type<ScheduledReminder[]>().notNull().default([]),
    state: text('state').notNull().default('scheduled'),
    errorCode: text('error_code'),
    createdByUserId: uuid('created_by_user_id'),
    createdByName: text('created_by_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('scheduled_messages_team_due_idx').on(t.organizationId, t.teamId, t.dueAt),
    index('scheduled_messages_phone_idx').on(t.organizationId, t.toPhone),
  ],
);

/**
 * One send of a scheduled message: the message itself (`kind` 'message') or one reminder. A
 * pg-boss job per row runs it at `dueAt`; `state` moves `scheduled` → `sending` (claimed, the
 * idempotency key `scheduled:<id>` bound) → `sent` | `failed`; `attempts` counts the runs,
 * `messageId` is the text it became, `errorCode` the last reason it failed.
 */
export const scheduledMessageSends = pgTable(
  'scheduled_message_sends',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    scheduledMessageId: uuid('scheduled_message_id')
      .notNull()
      .references(() => scheduledMessages.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<ScheduledSendKind>().notNull(),
    dueAt: timestamp('due_at', { withTimezone: true, mode: 'date' }).notNull(),
    state: text('state').$type<ScheduledSendState>().notNull().default('scheduled'),
    attempts: integer('attempts').notNull().default(0),
    messageId: uuid('message_id'),
    errorCode: text('error_code'),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('scheduled_message_sends_kind_uq').on(t.scheduledMessageId, t.kind),
    index('scheduled_message_sends_org_idx').on(t.organizationId),
  ],
);
