import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { organizations } from './organizations';
import { users } from './users';

/**
 * Failed sign-ins, one row each, counted per username (lower case) and source over
 * LOGIN_FAILURE_WINDOW_MS (docs/behaviour/sessions.md, "Throttling"). `source` is
 * `device:<id>` for a machine this username signed in from before (growing delays) or
 * `address:<ip>` for any other (a strict lock). Not tenant-owned: a guess names no organisation.
 */
export const signInFailures = pgTable(
  'sign_in_failures',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    username: text('username').notNull(),
    source: text('source').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('sign_in_failures_source_idx').on(t.username, t.source, t.createdAt),
    index('sign_in_failures_created_idx').on(t.createdAt),
  ],
);

/**
 * The machines (device cookie ids) each username signed in from: a failure from one of them
 * is the user's own typing and is slowed down, never locked out. `lastSignInAt` for pruning.
 */
export const signInDevices = pgTable(
  'sign_in_devices',
  {
    username: text('username').notNull(),
    deviceId: text('device_id').notNull(),
    firstSignInAt: timestamp('first_sign_in_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.username, t.deviceId] })],
);

/** When a username was last told by e-mail of repeated failed sign-ins (at most once a window). */
export const signInNotices = pgTable('sign_in_notices', {
  username: text('username').primaryKey(),
  sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }).notNull(),
});

/**
 * An organisation's machine restriction mode (`disabled` | `setup` | `enabled`, MACHINE_MODES),
 * owned by the auth module. The other sign-in options are the organisation's settings
 * (`options.auth`, `options.endOlderSessionOnNewSignIn`; docs/behaviour/organization-settings.md).
 */
export const signInSettings = pgTable('sign_in_settings', {
  organizationId: uuid('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  machineMode: text('machine_mode').notNull().default('disabled'),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * The machines an organisation allows to sign in (device cookie ids), named by an
 * administrator; `lastUserId`/`lastSeenAt` say who used it last and when.
 */
export const allowedMachines = pgTable(
  'allowed_machines',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    deviceId: text('device_id').notNull(),
    name: text('name').notNull().default(''),
    userAgent: text('user_agent'),
    lastUserId: uuid('last_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('allowed_machines_device_uq').on(t.organizationId, t.deviceId)],
);

/**
 * A user's passkeys (WebAuthn credentials). `credentialId` and `publicKey` are base64url;
 * `counter` is the authenticator's signature counter; `aaguid` names the provider.
 */
export const passkeys = pgTable(
  'passkeys',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    credentialId: text('credential_id').notNull(),
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: jsonb('transports').$type<string[]>().notNull().default([]),
    aaguid: text('aaguid').notNull(),
    backedUp: boolean('backed_up').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [uniqueIndex('passkeys_credential_uq').on(t.credentialId), index('passkeys_user_idx').on(t.userId)],
);

/**
 * WebAuthn challenges issued and not yet answered, by nonce (the id the browser sends back).
 * Single use: verifying deletes the row. `userId` is set for a registration, null for a sign-in.
 */
export const webauthnChallenges = pgTable('webauthn_challenges', {
  id: uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  challenge: text('challenge').notNull(),
  purpose: text('purpose').notNull(),
  userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
});
