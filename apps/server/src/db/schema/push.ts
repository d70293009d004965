import { sql } from 'drizzle-orm';
import { check, index, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { organizations } from './organizations';
import { sessions } from './sessions';
import { users } from './users';

/**
 * A browser's Web Push subscription (docs/behaviour/notifications.md, "Web Push"): where the
 * push service takes the user's notifications while no tab is open (`endpoint`, an https URL of
 * the browser's push service) and the keys the payload is encrypted with (`p256dh`, `auth`,
 * base64url). One row per (organisation, endpoint): the same browser subscribing again (or as
 * another user of the organisation) takes the row over. `session_id`: the session that gave it
 * (last), so that a browser whose session ended — signed out elsewhere, revoked, or idle past
 * 12 h — is sent nothing; null on rows from before the column (sent nothing either). Owned by
 * the push module.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
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
    sessionId: uuid('session_id').references(() => sessions.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('push_subscriptions_org_endpoint_uq').on(t.organizationId, t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId),
  ],
);

/**
 * The installation's VAPID key pair (docs/behaviour/notifications.md, "Web Push"), generated at
 * the first start when `VAPID_PUBLIC_KEY` / `VAPID_PRIVATE_KEY` are not set, so every process
 * sharing the database signs with the same keys (a browser's subscription names the public key).
 * One row (`id` 1); not an organisation's data, so no row-level security.
 */
export const pushVapidKeys = pgTable(
  'push_vapid_keys',
  {
    id: smallint('id').primaryKey().default(1),
    publicKey: text('public_key').notNull(),
    privateKey: text('private_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [check('push_vapid_keys_one_row_ck', sql`${t.id} = 1`)],
);
