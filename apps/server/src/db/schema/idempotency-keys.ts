import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { messages } from './messages';
import { organizations } from './organizations';
import { users } from './users';

/**
 * Outbound exactly once (docs/behaviour/messages.md): the `Idempotency-Key` of a send, per (organisation, user,
 * key). `requestHash` is the SHA-256 of the payload (conversation, body, to), so the same key
 * with another payload is refused; `messageId` is the message that send created (written in
 * the same transaction). Rows older than `IDEMPOTENCY_KEY_TTL_MS` are purged.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
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
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    messageId: uuid('message_id').references(() => messages.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('idempotency_keys_org_user_key_uq').on(t.organizationId, t.userId, t.key),
    index('idempotency_keys_created_idx').on(t.createdAt),
  ],
);
