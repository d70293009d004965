import type { AddressKind } from '@accueil/domain';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { contactAddresses } from '../../db/schema/contact-addresses';
import { contacts } from '../../db/schema/contacts';
import type { ContactRow } from './contacts.presenter';

/**
 * The organisation's contacts reached at one of `addresses` (of `kind`, normalised), read from
 * `contact_addresses`, each with the address: a query in the look-ups' preference order (a main
 * contact before the contacts linked to it, then the oldest). Tenant-scoped on both tables.
 */
export function contactsReachedAt(
  db: DbOrTx,
  organizationId: string,
  kind: AddressKind,
  addresses: readonly string[],
) {
  return db
    .select({ contact: contacts, address: contactAddresses.address })
    .from(contactAddresses)
    .innerJoin(
      contacts,
      and(eq(contacts.id, contactAddresses.contactId), eq(contacts.organizationId, organizationId)),
    )
    .where(
      and(
        eq(contactAddresses.organizationId, organizationId),
        eq(contactAddresses.kind, kind),
        inArray(contactAddresses.address, [...addresses]),
      ),
    )
    .orderBy(sql`${contacts.linkedToId} is not null`, asc(contacts.createdAt), asc(contacts.id));
}

/**
 * The contact of an organisation reached at `address` (normalised: E.164 for a `phone`, lower
 * case for an `email`), or null: its main contact (linked contacts share the number), else the
 * oldest. Tenant-scoped: another organisation's contact is never returned. Takes the database
 * or the caller's transaction.
 */
export async function findContactByAddress(
  db: DbOrTx,
  organizationId: string,
  kind: AddressKind,
  address: string,
): Promise<ContactRow | null> {
  const [row] = await contactsReachedAt(db, organizationId, kind, [address]).limit(1);
  return row?.contact ?? null;
}

/** `findContactByAddress` of a phone number (E.164). */
export function findContactByPhone(
  db: DbOrTx,
  organizationId: string,
  e164: string,
): Promise<ContactRow | null> {
  return findContactByAddress(db, organizationId, 'phone', e164);
}
