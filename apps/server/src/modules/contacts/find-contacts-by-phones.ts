import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { contacts } from '../../db/schema/contacts';

/**
 * `findContactByPhone` for many numbers (E.164) in one statement: by number, the contact's id
 * that look-up would give (the main contact, else the oldest); numbers without one are absent.
 * Tenant-scoped like it.
 */
export async function findContactIdsByPhones(
  db: DbOrTx,
  organizationId: string,
  phones: readonly string[],
): Promise<Map<string, string>> {
  if (phones.length === 0) return new Map();
  const rows = await db
    .select({ id: contacts.id, phone: contacts.phone })
    .from(contacts)
    .where(and(eq(contacts.organizationId, organizationId), inArray(contacts.phone, [...new Set(phones)])))
    .orderBy(sql`${contacts.linkedToId} is not null`, asc(contacts.createdAt), asc(contacts.id));
  const found = new Map<string, string>();
  // Rows come in the single look-up's preference order: the first per number wins.
  for (const r of rows) if (r.phone && !found.has(r.phone)) found.set(r.phone, r.id);
  return found;
}
