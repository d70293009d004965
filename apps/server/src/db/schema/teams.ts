import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { organizations } from './organizations';
import { users } from './users';

/**
 * User group (team): a shared inbox with its own phone number. A team's number is unique
 * across the installation: an inbound text is routed to the team whose number is `To`.
 */
export const teams = pgTable(
  'teams',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    /** The team's mailbox address (unique against the other teams' and users' e-mails). */
    email: text('email'),
    phoneNumber: text('phone_number'),
    /** The inbox members land on: `sms`, `calls` or `email` (TEAM_INBOXES). */
    defaultInbox: text('default_inbox').notNull().default('sms'),
    main: boolean('main').notNull().default(false),
    /**
     * Auto-assign (docs/behaviour/assignment.md): the first member who replies in an unassigned
     * conversation of the team becomes its assignee. Off by default.
     */
    autoAssign: boolean('auto_assign').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('teams_org_idx').on(t.organizationId),
    uniqueIndex('teams_phone_number_uq').on(t.phoneNumber),
    // A team's label is unique in its organisation, whatever its case.
    uniqueIndex('teams_org_label_uq').on(t.organizationId, sql`lower(${t.label})`),
  ],
);

/** Membership of a user in a team; `isAdmin` flags the team's administrators (they manage its members). */
export const teamMembers = pgTable(
  'team_members',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    isAdmin: boolean('is_admin').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.userId] }), index('team_members_user_idx').on(t.userId)],
);
