import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The sandbox carrier's simulated telephone network: every text that reached or left a
 * simulated phone. Not tenant data (phones belong to no organisation); owned by the sandbox module.
 */
export const sandboxMessages = pgTable(
  'sandbox_messages',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    from: text('from').notNull(),
    to: text('to').notNull(),
    body: text('body').notNull(),
    direction: text('direction').notNull(),
    status: text('status').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('sandbox_messages_to_idx').on(t.to, t.createdAt),
    index('sandbox_messages_from_idx').on(t.from, t.createdAt),
  ],
);

/**
 * The sandbox e-mail carrier's mailbox: every mail the app sent while `EMAIL_CARRIER=sandbox`,
 * both parts, for the /sandbox/mail page. Not tenant data (a mailbox of the simulated world,
 * like the simulated phones); owned by the sandbox module.
 */
export const sandboxMails = pgTable(
  'sandbox_mails',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    from: text('from').notNull(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('sandbox_mails_to_idx').on(sql`lower(${t.to})`, t.createdAt),
    index('sandbox_mails_created_idx').on(t.createdAt),
  ],
);
