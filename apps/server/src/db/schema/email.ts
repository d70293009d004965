import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { conversations } from './conversations';
import { messages } from './messages';
import { organizations } from './organizations';
import { teams } from './teams';

/**
 * A team's connected mailbox (docs/behaviour/email.md): its address (lower case, the team's
 * e-mail; unique across the installation, as inbound mail is routed by it), the vendor that
 * reads it (`imap`, `sandbox`), the IMAP and SMTP servers and the credentials (the password
 * encrypted at rest, AES-256-GCM: `mailbox-secrets.ts`), whether the provider still accepts
 * them (`valid`: false only after a refused sign-in), and the sync's cursor (UIDVALIDITY and
 * the highest UID stored). Owned by the email module.
 */
export const teamMailboxes = pgTable(
  'team_mailboxes',
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
    address: text('address').notNull(),
    vendor: text('vendor').notNull(),
    imapHost: text('imap_host'),
    imapPort: integer('imap_port'),
    imapSecure: boolean('imap_secure').notNull().default(true),
    smtpHost: text('smtp_host'),
    smtpPort: integer('smtp_port'),
    smtpSecure: boolean('smtp_secure').notNull().default(true),
    username: text('username'),
    /**
     * How the mailbox signs in: `password`, or `oauth2` (a grant: Gmail's and Outlook's API
     * tokens, or IMAP and SMTP with XOAUTH2). `MailboxAuthMethod` of the domain.
     */
    authMethod: text('auth_method').notNull().default('password'),
    /** `v1.<iv>.<tag>.<ciphertext>` (base64url), never presented: the password, or the OAuth grant (`mailbox-grant.ts`). */
    passwordEncrypted: text('password_encrypted'),
    valid: boolean('valid').notNull().default(true),
    uidValidity: text('uid_validity'),
    lastUid: bigint('last_uid', { mode: 'number' }).notNull().default(0),
    lastSyncedAt: timestamp('last_synced_at', { withTimezone: true, mode: 'date' }),
    /** The last sync's failure (kind and the server's text), cleared by a good sync. */
    lastError: text('last_error'),
    /**
     * Which server process watches the INBOX with IDLE (`mailbox-watcher.ts`), until when: a
     * lease renewed while it watches, so that one process idles per mailbox; another takes it
     * over once it lapses (the process died).
     */
    watchOwner: text('watch_owner'),
    watchUntil: timestamp('watch_until', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('team_mailboxes_team_uq').on(t.teamId),
    uniqueIndex('team_mailboxes_address_uq').on(t.address),
    index('team_mailboxes_org_idx').on(t.organizationId),
  ],
);

/** One address of a mail's header: the address (lower case) and its display name. */
export type EmailAddressField = { address: string; name: string };

/** A file a mail carried, kept in the storage carrier under `storageKey` (null: too large, not kept). */
export type EmailAttachmentField = {
  id: string;
  filename: string;
  contentType: string;
  size: number;
  storageKey: string | null;
  /** Its Content-ID, for `cid:` images the HTML part shows inline. */
  contentId: string | null;
};

/**
 * What the receiving side verified of an inbound mail's sender (RFC 8601 results, by mailauth):
 * SPF, DKIM and DMARC, each `pass`, `fail`, `softfail`, `neutral`, `none`, `temperror`,
 * `permerror` or `policy`; `failing` when the sender's domain is not vouched for (DMARC fails,
 * or without DMARC neither SPF nor DKIM passes while one of them fails).
 */
export type EmailAuthenticationField = {
  spf: string;
  dkim: string;
  dmarc: string;
  failing: boolean;
};

/**
 * What an e-mail message of the conversation is beyond its `messages` row (one row each, for
 * the messages of channel `email`): the RFC 5322 Message-ID (unique per team: the same mail
 * fetched twice is stored once), its thread's headers (In-Reply-To, References) and thread id
 * (the first Message-ID of References, else its own), subject, from, to, cc, the sanitised
 * HTML part and the text part, whether it was automatic (RFC 3834 `Auto-Submitted`, or a
 * mailing list's `List-*` / `Precedence`), and its attachments. Owned by the email module.
 */
export const emailMessages = pgTable(
  'email_messages',
  {
    messageId: uuid('message_id')
      .primaryKey()
      .references(() => messages.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    rfcMessageId: text('rfc_message_id').notNull(),
    inReplyTo: text('in_reply_to'),
    references: jsonb('references').$type<string[]>().notNull().default([]),
    threadId: text('thread_id').notNull(),
    subject: text('subject').notNull().default(''),
    from: jsonb('from').$type<EmailAddressField>().notNull(),
    to: jsonb('to').$type<EmailAddressField[]>().notNull().default([]),
    cc: jsonb('cc').$type<EmailAddressField[]>().notNull().default([]),
    html: text('html'),
    text: text('text').notNull().default(''),
    automatic: boolean('automatic').notNull().default(false),
    attachments: jsonb('attachments').$type<EmailAttachmentField[]>().notNull().default([]),
    /** Inbound: SPF/DKIM/DMARC as verified on arrival (null: not verified, e.g. an outbound mail). */
    authentication: jsonb('authentication').$type<EmailAuthenticationField>(),
    /** Outbound: why it was not delivered (a bounce's status and diagnostic), null while none came back. */
    deliveryError: text('delivery_error'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('email_messages_team_rfc_id_uq').on(t.teamId, t.rfcMessageId),
    index('email_messages_thread_idx').on(t.teamId, t.threadId),
    index('email_messages_conversation_idx').on(t.conversationId, t.createdAt),
    index('email_messages_org_idx').on(t.organizationId),
    // The inbox's search finds e-mail conversations by subject (conversation-search.ts).
    index('email_messages_subject_trgm_idx').using('gin', sql`${t.subject} gin_trgm_ops`),
  ],
);
