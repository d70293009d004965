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

/**
 * `insertContact` for many contacts of one organisation in one statement (the sync of a batch
 * of mails creating its new senders); their rows in the same order. None for an empty list.
 */
export async function insertContacts(
  db: DbOrTx,
  organizationId: string,
  values: readonly { firstName: string; lastName: string; phone: string | null; email: string | null }[],
): Promise<ContactRow[]> {
  if (values.length === 0) return [];
  return db
    .insert(contacts)
    .values(values.map((v) => ({ ...v, organizationId })))
    .returning();
}
