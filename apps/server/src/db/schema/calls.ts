import { CALL_PHASE_NUMBERS, callPhaseNumber, callPhaseOfNumber, type CallPhaseName } from '@accueil/domain';
import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { contacts } from './contacts';
import { conversations } from './conversations';
import { organizations } from './organizations';
import { teams } from './teams';
import { users } from './users';

/**
 * A call's phase: the code reads and writes its name (`CALL_PHASES`), the column keeps the spec's
 * number (smallint 1–8, `CALL_PHASE_NUMBERS`), as it always has. The conversion happens here, at
 * the database's edge, for every query built on the column (values of `eq`, `inArray`, `set`,
 * `values` included); raw SQL on `phase` would see numbers.
 */
const callPhase = customType<{ data: CallPhaseName; driverData: number }>({
  dataType: () => 'smallint',
  toDriver: callPhaseNumber,
  fromDriver: callPhaseOfNumber,
});

/**
 * A phone call of a team with a contact's number (owned by the calls module;
 * docs/behaviour/calls.md, "The call on the server"). `phase` is a `CALL_PHASES` name (stored as its number) and moves
 * only as `canMoveCallPhase` allows; `version` grows with each change. `callSid` is the
 * carrier's id (Twilio CallSid): unique per carrier, so a retried webhook finds the same call.
 * `status` is the carrier's last status (`CALL_RECORD_STATUSES`), `outcome` the final one.
 */
export const calls = pgTable(
  'calls',
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
    contactId: uuid('contact_id').references(() => contacts.id, { onDelete: 'set null' }),
    direction: text('direction').notNull(),
    from: text('from').notNull(),
    to: text('to').notNull(),
    carrier: text('carrier').notNull(),
    callSid: text('call_sid'),
    status: text('status').notNull().default('initiated'),
    // The database's default, 1 (initiated): drizzle-kit writes a default as given, unconverted,
    // so it is the stored number. The use cases' inserts name their phase.
    phase: callPhase('phase')
      .notNull()
      .default(CALL_PHASE_NUMBERS.initiated as unknown as CallPhaseName),
    outcome: text('outcome'),
    /** Inbound: where it was sent on arrival (`queue`, `ring`, `voicemail`); null for outbound. */
    route: text('route'),
    version: integer('version').notNull().default(1),
    onHold: boolean('on_hold').notNull().default(false),
    /**
     * While it rings members (on arrival, or after a transfer): those it still rings. A decline
     * removes its member; the last decline moves the call on (`declineRinging`; docs/behaviour/calls.md, "Call actions").
     */
    ringingUserIds: uuid('ringing_user_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    /** Reached this team through a transfer from `fromTeamId`. */
    transferred: boolean('transferred').notNull().default(false),
    fromTeamId: uuid('from_team_id').references(() => teams.id, { onDelete: 'set null' }),
    placedBy: uuid('placed_by').references(() => users.id, { onDelete: 'set null' }),
    answeredBy: uuid('answered_by').references(() => users.id, { onDelete: 'set null' }),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    answeredAt: timestamp('answered_at', { withTimezone: true, mode: 'date' }),
    endedAt: timestamp('ended_at', { withTimezone: true, mode: 'date' }),
    /** Seconds from the answer to the end (0 when never answered); null until it ends. */
    durationSeconds: integer('duration_seconds'),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('calls_carrier_sid_uq').on(t.carrier, t.callSid),
    // The conversation's timeline: its calls by start.
    index('calls_conversation_idx').on(t.conversationId, t.startedAt),
    index('calls_team_idx').on(t.teamId, t.startedAt.desc()),
    // The organisation's rows by start: the statistics roll-up counts a few days of one organisation
    // (docs/behaviour/statistics.md); with the organisation alone it read every call the organisation
    // ever had, each hour (docs/benchmarks.md, "Statistics"). Also the organisation's lookups and deletes.
    index('calls_org_started_idx').on(t.organizationId, t.startedAt),
  ],
);

/**
 * A call's place in its team's queue (`QUEUE_CALL_STATUSES`): one row per call. `parkNo` while
 * parked: unique among the organisation's parked calls (the lowest free number is given).
 */
export const queueCalls = pgTable(
  'queue_calls',
  {
    callId: uuid('call_id')
      .primaryKey()
      .references(() => calls.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('queued'),
    parkNo: integer('park_no'),
    queuedAt: timestamp('queued_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('queue_calls_park_no_uq')
      .on(t.organizationId, t.parkNo)
      .where(sql`${t.parkNo} IS NOT NULL`),
    // The team's queue: its calls not completed, by arrival.
    index('queue_calls_team_idx')
      .on(t.teamId, t.queuedAt)
      .where(sql`${t.status} <> 'completed'`),
    index('queue_calls_org_idx').on(t.organizationId),
  ],
);

/**
 * A recording of a call: today the voicemail a caller left. `recordingSid` is the carrier's id
 * (unique per carrier: a retried callback stores it once); `url` where the carrier serves it
 * (never handed to a browser as is); `durationSeconds` as the carrier measured it.
 */
export const callRecordings = pgTable(
  'call_recordings',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    callId: uuid('call_id')
      .notNull()
      .references(() => calls.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull().default('voicemail'),
    carrier: text('carrier').notNull(),
    recordingSid: text('recording_sid').notNull(),
    url: text('url'),
    status: text('status').notNull().default('completed'),
    durationSeconds: integer('duration_seconds'),
    /** The audio in the storage carrier (null: not kept yet, fetched from the carrier on first play; or deleted). */
    storageKey: text('storage_key'),
    contentType: text('content_type'),
    size: integer('size'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('call_recordings_sid_uq').on(t.carrier, t.recordingSid),
    index('call_recordings_call_idx').on(t.callId),
    index('call_recordings_org_idx').on(t.organizationId),
  ],
);
