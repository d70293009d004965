import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { contacts } from '../../db/schema/contacts';
import type { ContactRow } from './contacts.presenter';

/** The organisation's contact with that id, or null (another organisation's id → null). */
export async function getContact(db: DbOrTx, organizationId: string, id: string): Promise<ContactRow | null> {
  const [row] = await db
    .select()
    .from(contacts)
    .where(and(eq(contacts.organizationId, organizationId), eq(contacts.id, id)))
    .limit(1);
  return row ?? null;
}
