import type { AddressKind } from '@accueil/domain';
import type { DbOrTx } from '../../db/client';
import { contactsReachedAt } from './find-contact-by-phone';

/**
 * `findContactByPhone` for many numbers (E.164) in one statement: by number, the contact's id
 * that look-up would give (the main contact, else the oldest); numbers without one are absent.
 * Read from `contact_addresses`, tenant-scoped like it.
 */
export function findContactIdsByPhones(
  db: DbOrTx,
  organizationId: string,
  phones: readonly string[],
): Promise<Map<string, string>> {
  return findContactIdsByAddresses(db, organizationId, 'phone', phones);
}

/**
 * `findContactByAddress` for many addresses of one kind (normalised: E.164, or lower-case
 * e-mail) in one statement: by address, the contact's id that look-up would give (the main
 * contact, else the oldest); addresses without one are absent. Tenant-scoped.
 */
export async function findContactIdsByAddresses(
  db: DbOrTx,
  organizationId: string,
  kind: AddressKind,
  addresses: readonly string[],
): Promise<Map<string, string>> {
  if (addresses.length === 0) return new Map();
  const rows = await contactsReachedAt(db, organizationId, kind, [...new Set(addresses)]);
  const found = new Map<string, string>();
  // Rows come in the single look-up's preference order: the first per address wins.
  for (const r of rows) if (!found.has(r.address)) found.set(r.address, r.contact.id);
  return found;
}
