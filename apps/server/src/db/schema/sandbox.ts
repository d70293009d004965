import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { bytea } from './organizations';

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
    /** A multimedia text's files: the signed URLs the carrier was given and their types (the phone shows them). */
    media: jsonb('media').$type<{ url: string; contentType: string }[]>().notNull().default([]),
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
    /**
     * The whole mail (RFC 5322) when it is one of a team's mailbox (the e-mail channel's sandbox
     * vendor): what a contact wrote to a team, or a team's reply. Null for the app's notifications.
     */
    raw: text('raw'),
    /** Its Message-ID, for a contact's reply in the thread (with `raw`). */
    messageId: text('message_id'),
    /** Increasing order of arrival: the sandbox vendor's cursor, as an IMAP UID. */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('sandbox_mails_raw_to_idx')
      .on(sql`lower(${t.to})`, t.seq)
      .where(sql`${t.raw} IS NOT NULL`),
    index('sandbox_mails_to_idx').on(sql`lower(${t.to})`, t.createdAt),
    index('sandbox_mails_created_idx').on(t.createdAt),
  ],
);

/**
 * The files of a kept mail (a support request's screenshot, a report's charts), in the order the
 * mail carried them; `content_id` names an inline part (`cid:` in the HTML). Their bytes are kept
 * in the row: the sandbox mailbox is a simulated world for development and tests, not the app's
 * files (those go through the storage carrier). Deleted with their mail.
 */
export const sandboxMailAttachments = pgTable(
  'sandbox_mail_attachments',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    mailId: uuid('mail_id')
      .notNull()
      .references(() => sandboxMails.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    filename: text('filename').notNull(),
    contentType: text('content_type').notNull(),
    contentId: text('content_id'),
    size: integer('size').notNull(),
    content: bytea('content').notNull(),
  },
  (t) => [index('sandbox_mail_attachments_mail_idx').on(t.mailId, t.position)],
);
