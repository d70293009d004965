import type { DbOrTx } from '../../db/client';
import { contactsReachedAt } from './find-contact-by-phone';

/**
 * `findContactByPhone` for many numbers (E.164) in one statement: by number, the contact's id
 * that look-up would give (the main contact, else the oldest); numbers without one are absent.
 * Read from `contact_addresses`, tenant-scoped like it.
 */
export async function findContactIdsByPhones(
  db: DbOrTx,
  organizationId: string,
  phones: readonly string[],
): Promise<Map<string, string>> {
  if (phones.length === 0) return new Map();
  const rows = await contactsReachedAt(db, organizationId, 'phone', [...new Set(phones)]);
  const found = new Map<string, string>();
  // Rows come in the single look-up's preference order: the first per number wins.
  for (const r of rows) if (!found.has(r.address)) found.set(r.address, r.contact.id);
  return found;
}
