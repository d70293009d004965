import type { Contact } from '@accueil/domain';
import { desc, isNotNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { contacts } from '../../db/schema/contacts';
import { presentContact } from './contacts.presenter';

/**
 * The newest `limit` contacts that have a phone, across organisations (newest first), with
 * their organisation id. Only for the sandbox's phone simulator, which plays their phones.
 */
export async function listNewestContactsWithPhone(
  db: DbOrTx,
  limit: number,
): Promise<Array<Contact & { organizationId: string }>> {
  const rows = await db
    .select()
    .from(contacts)
    .where(isNotNull(contacts.phone))
    .orderBy(desc(contacts.createdAt), desc(contacts.id))
    .limit(limit);
  return rows.map((r) => ({ ...presentContact(r), organizationId: r.organizationId }));
}
