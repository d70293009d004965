import type { SecureFileKind, SecureFileSalutation, SecureFileState } from '@accueil/domain';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { attachments } from './attachments';
import { contacts } from './contacts';
import { conversations } from './conversations';
import { messages } from './messages';
import { organizations } from './organizations';
import { users } from './users';

/**
 * A secure file (docs/behaviour/secure-files.md): a file the clinic sent a contact
 * (`kind` `file`: its bytes are the attachment `attachmentId`'s), or a request for the contact
 * to send one (`request`: `attachmentId` names the file once received). The link's secret is
 * kept as its SHA-256 (`tokenHash`), the 6-digit code as an argon2id hash (`codeHash`): neither
 * is ever stored or logged in clear. `wrongCodes` counts the wrong codes; at
 * `SECURE_FILE_MAX_WRONG_CODES` the file is `locked`. Past `expiresAt` the retention job purges
 * its file and marks it `expired`. `messageId` is the conversation's message that shows it.
 * Owned by the secure-files module.
 */
export const secureFiles = pgTable(
  'secure_files',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    messageId: uuid('message_id').references(() => messages.id, { onDelete: 'set null' }),
    contactId: uuid('contact_id').references(() => contacts.id, { onDelete: 'set null' }),
    attachmentId: uuid('attachment_id').references(() => attachments.id, { onDelete: 'set null' }),
    kind: text('kind').$type<SecureFileKind>().notNull(),
    /** The file's name and size in bytes as kept (null while a request waits for its file). */
    fileName: text('file_name'),
    fileSize: integer('file_size'),
    salutation: text('salutation').$type<SecureFileSalutation>().notNull(),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull(),
    codeHash: text('code_hash').notNull(),
    state: text('state').$type<SecureFileState>().notNull().default('waiting'),
    wrongCodes: integer('wrong_codes').notNull().default(0),
    downloads: integer('downloads').notNull().default(0),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    uniqueIndex('secure_files_token_uq').on(t.tokenHash),
    index('secure_files_expires_idx').on(t.expiresAt),
    index('secure_files_org_idx').on(t.organizationId),
    check('secure_files_kind_ck', sql`${t.kind} IN ('file', 'request')`),
  ],
);
