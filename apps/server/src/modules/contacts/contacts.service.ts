import type { Contact } from '@accueil/domain';
import { and, asc, desc, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { contacts } from '../../db/schema/contacts';
import { presentContact, type ContactRow } from './contacts.presenter';

export { presentContact, type ContactRow };

/**
 * The contact of an organisation with that phone number (E.164), or null. When several share
 * the number, the oldest wins (stable). Tenant-scoped: another organisation's contact is never
 * returned. Takes the database or the caller's transaction.
 */
export async function findContactByPhone(db: DbOrTx, organizationId: string, e164: string): Promise<ContactRow | null> {
  const [row] = await db
    .select()
    .from(contacts)
    .where(and(eq(contacts.organizationId, organizationId), eq(contacts.phone, e164)))
    .orderBy(asc(contacts.createdAt), asc(contacts.id))
    .limit(1);
  return row ?? null;
}

/** The organisation's contact with that id, or null (another organisation's id → null). */
export async function getContact(db: DbOrTx, organizationId: string, id: string): Promise<ContactRow | null> {
  const [row] = await db
    .select()
    .from(contacts)
    .where(and(eq(contacts.organizationId, organizationId), eq(contacts.id, id)))
    .limit(1);
  return row ?? null;
}

/**
 * The organisation's contacts with those ids, presented, keyed by id (one query, for lists).
 */
export async function getContactsByIds(db: DbOrTx, organizationId: string, ids: readonly string[]): Promise<Map<string, Contact>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select()
    .from(contacts)
    .where(and(eq(contacts.organizationId, organizationId), inArray(contacts.id, unique)));
  return new Map(rows.map((r) => [r.id, presentContact(r)]));
}

/**
 * The newest `limit` contacts that have a phone, across organisations (newest first), with
 * their organisation id. Only for the sandbox's phone simulator, which plays their phones.
 */
export async function listNewestContactsWithPhone(db: DbOrTx, limit: number): Promise<Array<Contact & { organizationId: string }>> {
  const rows = await db
    .select()
    .from(contacts)
    .where(isNotNull(contacts.phone))
    .orderBy(desc(contacts.createdAt), desc(contacts.id))
    .limit(limit);
  return rows.map((r) => ({ ...presentContact(r), organizationId: r.organizationId }));
}

/**
 * A sub-select for another module's query (the conversations search): the ids of the
 * organisation's contacts whose full name (first + ' ' + last) matches the ILIKE `pattern`
 * (already escaped); read through the trigram index on names.
 */
export function contactIdsNamedLike(organizationId: string, pattern: string): SQL {
  return sql`select k.id from contacts k where k.organization_id = ${organizationId} and (k.first_name || ' ' || k.last_name) ilike ${pattern}`;
}

/**
 * Adds a contact to the organisation from the fields a booking gives (names, E.164 phone or
 * null, e-mail or null) and returns its row. Takes the database or the caller's transaction.
 */
export async function insertContact(
  db: DbOrTx,
  organizationId: string,
  values: { firstName: string; lastName: string; phone: string | null; email: string | null },
): Promise<ContactRow> {
  const [row] = await db.insert(contacts).values({ ...values, organizationId }).returning();
  return row!;
}
