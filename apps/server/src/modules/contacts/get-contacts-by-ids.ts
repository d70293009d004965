import type { Contact } from '@accueil/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { contacts } from '../../db/schema/contacts';
import { presentContact } from './contacts.presenter';

/** The organisation's contacts with those ids, presented, keyed by id (one query, for lists). */
export async function getContactsByIds(
  db: DbOrTx,
  organizationId: string,
  ids: readonly string[],
): Promise<Map<string, Contact>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select()
    .from(contacts)
    .where(and(eq(contacts.organizationId, organizationId), inArray(contacts.id, unique)));
  return new Map(rows.map((r) => [r.id, presentContact(r)]));
}
