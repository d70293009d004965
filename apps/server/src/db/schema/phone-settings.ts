import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { bytea, organizations } from './organizations';
import { teams } from './teams';

/**
 * The organisation's phone settings (docs/behaviour/calls.md, "Phones settings"); no row: the
 * defaults (`defaultPhoneSettings`). Owned by the phone-settings module.
 */
export const phoneSettings = pgTable('phone_settings', {
  organizationId: uuid('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  incomingCallsEnabled: boolean('incoming_calls_enabled').notNull().default(true),
  queueMessage: text('queue_message'),
  queueRepeatPauseSeconds: integer('queue_repeat_pause_seconds').notNull().default(30),
  parkSlots: integer('park_slots').notNull().default(3),
  sipDomain: text('sip_domain'),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** A team's own queue switch (`settings.voiceQueue.enabled`); no row: the team follows the organisation's option. */
export const teamVoiceQueues = pgTable(
  'team_voice_queues',
  {
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    enabled: boolean('enabled').notNull(),
  },
  (t) => [primaryKey({ columns: [t.teamId] }), index('team_voice_queues_org_idx').on(t.organizationId)],
);

/**
 * A voicemail greeting of the organisation (`teamId` null) or of one team, per kind (schedule
 * period): one row per (organisation, team or none, kind). The uploaded file or the browser's
 * recording (sources FILE, RECORDING) is in the storage carrier under `audioStorageKey`
 * (`audioSize` bytes; `audio` held it before migration 0032), `text` is what speech synthesis
 * says (TTS).
 */
export const voicemailGreetings = pgTable(
  'voicemail_greetings',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    teamId: uuid('team_id').references(() => teams.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    source: text('source').notNull().default('TTS'),
    text: text('text'),
    audioStorageKey: text('audio_storage_key'),
    audioSize: integer('audio_size'),
    audio: bytea('audio'),
    audioMediaType: text('audio_media_type'),
    audioDurationSeconds: real('audio_duration_seconds'),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('voicemail_greetings_scope_kind_uq').on(
      t.organizationId,
      sql`coalesce(${t.teamId}, '00000000-0000-0000-0000-000000000000'::uuid)`,
      t.kind,
    ),
  ],
);

/** A number calls can be transferred to, with an optional extension (0 to 3 digits) dialled once it answers. */
export const transferExtensions = pgTable(
  'transfer_extensions',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    phoneNumber: text('phone_number').notNull(),
    extension: text('extension'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('transfer_extensions_org_idx').on(t.organizationId, t.name)],
);

/** A SIP user of the organisation (a line of its SIP domain), unique by user name in the organisation. */
export const sipUsers = pgTable(
  'sip_users',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    username: text('username').notNull(),
    displayName: text('display_name'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sip_users_org_username_uq').on(t.organizationId, t.username)],
);
