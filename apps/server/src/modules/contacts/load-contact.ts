import type { ContactDetails, ContactRelation } from '@accueil/domain';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { contacts } from '../../db/schema/contacts';
import { contactNotFound } from './contacts.policy';
import { fullnameOf, presentContactDetails, type ContactRow } from './contacts.presenter';

/**
 * The organisation's contact `id`, or 404 `not-found` (missing, or another organisation's: the
 * same answer). Takes the database or the caller's transaction (`forUpdate` locks the row).
 */
export async function requireContactRow(
  db: DbOrTx,
  organizationId: string,
  id: string,
  opts: { forUpdate?: boolean } = {},
): Promise<ContactRow> {
  const query = db
    .select()
    .from(contacts)
    .where(and(eq(contacts.organizationId, organizationId), eq(contacts.id, id)))
    .limit(1);
  const [row] = opts.forUpdate ? await query.for('update') : await query;
  if (!row) throw contactNotFound();
  return row;
}

/** The rows → `ContactDetails`, each main contact with the contacts linked to it (one more query). */
export async function presentWithLinks(
  db: DbOrTx,
  organizationId: string,
  rows: readonly ContactRow[],
): Promise<ContactDetails[]> {
  const mainIds = rows.filter((r) => r.linkedToId === null).map((r) => r.id);
  const linked =
    mainIds.length === 0
      ? []
      : await db
          .select({
            id: contacts.id,
            firstName: contacts.firstName,
            lastName: contacts.lastName,
            relation: contacts.relation,
            linkedToId: contacts.linkedToId,
          })
          .from(contacts)
          .where(and(eq(contacts.organizationId, organizationId), inArray(contacts.linkedToId, mainIds)))
          .orderBy(asc(contacts.sortKey), asc(contacts.id));
  const byMain = new Map<string, { id: string; fullname: string; relation: ContactRelation }[]>();
  for (const l of linked) {
    const list = byMain.get(l.linkedToId!) ?? [];
    list.push({ id: l.id, fullname: fullnameOf(l), relation: (l.relation ?? 'none') as ContactRelation });
    byMain.set(l.linkedToId!, list);
  }
  return rows.map((r) => presentContactDetails(r, byMain.get(r.id) ?? []));
}

/** One contact presented with its linked contacts; 404 as `requireContactRow`. */
export async function loadContactDetails(
  db: DbOrTx,
  organizationId: string,
  id: string,
): Promise<ContactDetails> {
  const row = await requireContactRow(db, organizationId, id);
  const [details] = await presentWithLinks(db, organizationId, [row]);
  return details!;
}
