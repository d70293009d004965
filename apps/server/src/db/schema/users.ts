import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { organizations } from './organizations';

/** Per-user settings (phone line, incoming calls). */
export type UserSettings = { phoneNumber: string | null; allowIncomingCalls: boolean };

/**
 * User profile. `username` is unique across the installation (sign-in does not ask for the
 * organisation). `currentTeamId` is the team whose inbox the user works in (PUT /auth/user-group).
 */
export const users = pgTable(
  'users',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    username: text('username').notNull(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role').notNull().default('user'),
    locale: text('locale').notNull().default('fr-CA'),
    status: text('status').notNull().default('offline'),
    settings: jsonb('settings')
      .$type<UserSettings>()
      .notNull()
      .default({ phoneNumber: null, allowIncomingCalls: true }),
    currentTeamId: uuid('current_team_id'),
    /** The name colleagues see (empty: first and last names). */
    displayName: text('display_name').notNull().default(''),
    profession: text('profession').notNull().default(''),
    /** Languages the user speaks (BCP 47 tags such as `fr`, `en`, `es`). */
    languages: jsonb('languages').$type<string[]>().notNull().default([]),
    /** The team the user works in after signing in (one of their teams). */
    defaultTeamId: uuid('default_team_id'),
    /** SIGNATURE_MODES; `signature` is the text of `personalized-signature`. */
    signatureMode: text('signature_mode').notNull().default('no-signature'),
    signature: text('signature').notNull().default(''),
    /** When an administrator disabled the account (null: active). A disabled user cannot sign in. */
    disabledAt: timestamp('disabled_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_username_uq').on(sql`lower(${t.username})`),
    index('users_org_idx').on(t.organizationId),
    // An e-mail is used by one user of an organisation at most, whatever its case.
    uniqueIndex('users_org_email_uq').on(t.organizationId, sql`lower(${t.email})`),
  ],
);

/**
 * A user's associated phone line: a SIP user name (E.164 or letters, digits, `.`, `_`, `-`),
 * held by one user of the organisation at a time.
 */
export const userPhoneLines = pgTable(
  'user_phone_lines',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sipUsername: text('sip_username').notNull(),
    assignedAt: timestamp('assigned_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId] }),
    uniqueIndex('user_phone_lines_org_sip_uq').on(t.organizationId, t.sipUsername),
  ],
);
