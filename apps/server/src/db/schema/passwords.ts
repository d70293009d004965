import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organizations } from './organizations';
import { users } from './users';

/**
 * Set-password links (docs/behaviour/sessions.md, "Password forgotten"): `reset` (60 minutes)
 * or `invitation` (a new account's first password, 7 days). Only the SHA-256 of the link's
 * secret is kept; a link works once (`usedAt`) and not after `expiresAt`. Owned by the
 * passwords module.
 */
export const passwordTokens = pgTable(
  'password_tokens',
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
    /** `reset` or `invitation`. */
    purpose: text('purpose').notNull(),
    tokenHash: text('token_hash').notNull().unique('password_tokens_hash_uq'),
    /** Who sent an invitation (null for a reset the person asked for). */
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('password_tokens_user_idx').on(t.userId, t.createdAt)],
);
