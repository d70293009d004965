import { randomUUID } from 'node:crypto';
import { phoneSettings, sipUsers, transferExtensions } from '../db/schema/phone-settings';
import { userPhoneLines } from '../db/schema/users';
import { buildOrganization, databaseOf, type InDatabase } from './factories';

/** Phones settings for tests, written straight to their tables, each of `organizationId` or of a new organisation. */

type OfOrganization = { organizationId?: string } & InDatabase;

async function organizationOf(input: OfOrganization): Promise<string> {
  return input.organizationId ?? (await buildOrganization({ db: input.db })).id;
}

/** The organisation's phone settings row (no row means the defaults): the columns as given. */
export async function buildPhoneSettings(
  input: Partial<Omit<typeof phoneSettings.$inferInsert, 'organizationId'>> & OfOrganization = {},
) {
  const { db, organizationId: _org, ...values } = input;
  const [row] = await databaseOf({ db })
    .insert(phoneSettings)
    .values({ ...values, organizationId: await organizationOf(input) })
    .returning();
  return row!;
}

/** A transfer extension (Laboratoire, +1 514 555-0188, extension 204 unless given). */
export async function buildTransferExtension(
  input: Partial<Omit<typeof transferExtensions.$inferInsert, 'organizationId'>> & OfOrganization = {},
) {
  const { db, organizationId: _org, ...values } = input;
  const [row] = await databaseOf({ db })
    .insert(transferExtensions)
    .values({
      name: 'Laboratoire',
      phoneNumber: '+15145550188',
      extension: '204',
      ...values,
      organizationId: await organizationOf(input),
    })
    .returning();
  return row!;
}

/**
 * A SIP user of the organisation (a unique `accueil-…` user name unless `username`, no display
 * name unless `displayName`), and with `userId` that user's phone line on it.
 */
export async function buildSipUser(
  input: { username?: string; displayName?: string; userId?: string } & OfOrganization = {},
) {
  const db = databaseOf(input);
  const organizationId = await organizationOf(input);
  const [row] = await db
    .insert(sipUsers)
    .values({
      organizationId,
      username: input.username ?? `accueil-${randomUUID().slice(0, 8)}`,
      displayName: input.displayName ?? null,
    })
    .returning();
  if (input.userId)
    await db
      .insert(userPhoneLines)
      .values({ organizationId, userId: input.userId, sipUsername: row!.username });
  return row!;
}
