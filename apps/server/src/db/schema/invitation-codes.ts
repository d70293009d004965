import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { organizations } from './organizations';
import { users } from './users';

/**
 * Invitation codes (owned by the onboarding module): created by a devops user, each lets one new
 * organisation onboard before `expiresAt`. Only the SHA-256 of the normalised code is kept (the
 * code is random, 60 bits, so a plain hash suffices). Installation-wide, not a tenant's row:
 * `usedByOrganizationId` names the organisation it created.
 */
export const invitationCodes = pgTable(
  'invitation_codes',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    codeHash: text('code_hash').notNull(),
    label: text('label'),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    usedByOrganizationId: uuid('used_by_organization_id').references(() => organizations.id, {
      onDelete: 'set null',
    }),
  },
  (t) => [
    uniqueIndex('invitation_codes_hash_uq').on(t.codeHash),
    index('invitation_codes_created_idx').on(t.createdAt.desc()),
  ],
);
