import { sql } from 'drizzle-orm';
import { index, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
import { conversations } from './conversations';
import { messages } from './messages';
import { organizations } from './organizations';
import { teams } from './teams';
import { users } from './users';

/**
 * A user mentioned in an internal note (docs/behaviour/notes-and-presence.md): the Mentions view
 * lists the conversations of a user's rows, newest `createdAt` first, and counts the unread ones
 * (`readAt` null) until they open the conversation. One row per (note, user); owned by the
 * messages module, as the notes are.
 */
export const noteMentions = pgTable(
  'note_mentions',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    messageId: uuid('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    /** The conversation's team (a conversation never changes team): the Mentions count is per team. */
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** When the user opened the conversation after the mention; null while unread. */
    readAt: timestamp('read_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    primaryKey({ columns: [t.messageId, t.userId] }),
    // The Mentions view and its count read one user's rows, newest first.
    index('note_mentions_user_idx').on(t.userId, t.createdAt.desc()),
    // The unread count of a user in a team, and marking a conversation's read.
    index('note_mentions_unread_idx')
      .on(t.userId, t.teamId, t.conversationId)
      .where(sql`${t.readAt} IS NULL`),
  ],
);
