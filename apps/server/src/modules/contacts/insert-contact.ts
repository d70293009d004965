import type { DbOrTx } from '../../db/client';
import { contacts } from '../../db/schema/contacts';
import type { ContactRow } from './contacts.presenter';

/**
 * Adds a contact to the organisation from the fields a booking gives (names, E.164 phone or
 * null, e-mail or null) and returns its row. Takes the database or the caller's transaction.
 * The caller has checked that no main contact has the phone (a unique index refuses it).
 */
export async function insertContact(
  db: DbOrTx,
  organizationId: string,
  values: { firstName: string; lastName: string; phone: string | null; email: string | null },
): Promise<ContactRow> {
  const [row] = await db
    .insert(contacts)
    .values({ ...values, organizationId })
    .returning();
  return row!;
}
