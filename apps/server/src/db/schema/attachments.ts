import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { messages } from './messages';
import { organizations } from './organizations';
import { users } from './users';

/**
 * A file uploaded for a message, or received with one (docs/behaviour/attachments.md). Its
 * bytes are in the storage carrier under `storageKey` (a picture's thumbnail under
 * `thumbnailKey`); the row is written only once they are whole. `messageId` names the message
 * it went with (`attachedAt` set then); deleting the message sets it null and the retention job
 * (`purge-attachments`) then deletes the files and the row, as it does for uploads never sent
 * after a day. Owned by the attachments module.
 */
export const attachments = pgTable(
  'attachments',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    messageId: uuid('message_id').references(() => messages.id, { onDelete: 'set null' }),
    attachedAt: timestamp('attached_at', { withTimezone: true, mode: 'date' }),
    name: text('name').notNull(),
    contentType: text('content_type').notNull(),
    kind: text('kind').notNull(),
    size: integer('size').notNull(),
    width: integer('width'),
    height: integer('height'),
    resized: boolean('resized').notNull().default(false),
    storageKey: text('storage_key').notNull(),
    thumbnailKey: text('thumbnail_key'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('attachments_message_idx').on(t.messageId),
    index('attachments_org_created_idx').on(t.organizationId, t.createdAt),
  ],
);
