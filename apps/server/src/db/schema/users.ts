import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
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
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
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
    settings: jsonb('settings').$type<UserSettings>().notNull().default({ phoneNumber: null, allowIncomingCalls: true }),
    currentTeamId: uuid('current_team_id'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_username_uq').on(sql`lower(${t.username})`), index('users_org_idx').on(t.organizationId)],
);
