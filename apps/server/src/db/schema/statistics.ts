import { sql } from 'drizzle-orm';
import {
  check,
  date,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { organizations } from './organizations';
import { teams } from './teams';

/**
 * The recipients of an organisation's weekly statistics report (owned by the statistics module;
 * docs/behaviour/statistics.md). An address is in the list once (organisation-setup-content.md
 * §5): stored lower-cased, unique per organisation.
 */
export const statisticsRecipients = pgTable(
  'statistics_recipients',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('statistics_recipients_org_email_uq').on(t.organizationId, t.email)],
);

/**
 * The daily roll-ups (docs/behaviour/statistics.md, "Daily roll-ups"): one row per organisation,
 * local day (the organisation's time zone) and team with anything to count. Recomputed whole from
 * the conversations, messages and calls of its day (delete then insert, one transaction), so a
 * day computed again gives the same rows. `first_response_seconds`: the day's samples themselves,
 * so the median and p90 of any span are exact, in ascending order (a span's are then counted
 * in place, never sorted together).
 */
export const statisticsDaily = pgTable(
  'statistics_daily',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    conversationsOpened: integer('conversations_opened').notNull().default(0),
    textsIn: integer('texts_in').notNull().default(0),
    textsOut: integer('texts_out').notNull().default(0),
    firstResponseSeconds: integer('first_response_seconds')
      .array()
      .notNull()
      .default(sql`'{}'`),
    callsAnswered: integer('calls_answered').notNull().default(0),
    callsMissed: integer('calls_missed').notNull().default(0),
    callsVoicemail: integer('calls_voicemail').notNull().default(0),
    computedAt: timestamp('computed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.day, t.teamId] })],
);

/**
 * The weekly reports (docs/behaviour/statistics.md, "The weekly report"): one row per
 * organisation and week (`week_start`, the Sunday it began), claimed before the mails leave
 * (`status` `sending`, `claimed_at`) and marked `sent` after, so that a week is reported once
 * however many processes run the job. A claim left `sending` longer than the report's claim
 * timeout (its process died mid-send) may be taken over.
 */
export const statisticsWeeklyReports = pgTable(
  'statistics_weekly_reports',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    weekStart: date('week_start', { mode: 'string' }).notNull(),
    status: text('status').$type<'sending' | 'sent'>().notNull(),
    recipients: integer('recipients').notNull(),
    claimedAt: timestamp('claimed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.weekStart] }),
    check('statistics_weekly_reports_status_ck', sql`${t.status} IN ('sending', 'sent')`),
  ],
);
