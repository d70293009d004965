import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { contacts } from '../../db/schema/contacts';
import type { ContactRow } from './contacts.presenter';

/**
 * The contact of an organisation with that phone number (E.164), or null: its main contact
 * (linked contacts share the number), else the oldest. Tenant-scoped: another organisation's
 * contact is never returned. Takes the database or the caller's transaction.
 */
export async function findContactByPhone(
  db: DbOrTx,
  organizationId: string,
  e164: string,
): Promise<ContactRow | null> {
  const [row] = await db
    .select()
    .from(contacts)
    .where(and(eq(contacts.organizationId, organizationId), eq(contacts.phone, e164)))
    .orderBy(sql`${contacts.linkedToId} is not null`, asc(contacts.createdAt), asc(contacts.id))
    .limit(1);
  return row ?? null;
}
