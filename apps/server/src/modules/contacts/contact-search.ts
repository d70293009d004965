import { CONTACT_SEARCH_COUNT_CAP, SEARCH_MIN_CHARS } from '@accueil/domain';
import { and, asc, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { contacts } from '../../db/schema/contacts';
import type { ContactRow } from './contacts.presenter';

/** A place in the list's order: after the contact of sort key `k` and id `id`. */
export type ContactListKey = { k: string; id: string };

/** Escapes LIKE wildcards so the term matches literally (backslash is LIKE's escape). */
function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/**
 * The search predicate of the contacts list (docs/behaviour/contacts.md): the term, lower case
 * and without accents, inside the generated `search_text` (names, primary e-mail and phone;
 * trigram index), so 'Helene' finds 'Hélène', or inside one of the contact's secondary addresses
 * (`contact_addresses`, position > 0; the primary ones are the copy in `search_text`). A term that
 * looks like a phone number ('514-555 12', '(514) 555-1234') is also looked for by its digits
 * (phones are stored as E.164). `search` and `id` are `contacts.search_text` and `contacts.id`
 * or the same columns of a sub-select.
 *
 * The secondary addresses are a set of contact ids computed once (an uncorrelated array sub-select,
 * read through the partial trigram index `contact_addresses_secondary_trgm_idx`) and compared
 * with `id = any(…)`: a contact matching by several addresses is one row (no join), and
 * PostgreSQL can still read both arms through indexes (a BitmapOr of the trigram index and the
 * primary key), which an EXISTS in the OR would prevent.
 */
export function contactSearchPredicate(
  organizationId: string,
  term: string,
  search: SQL.Aliased | PgColumn = contacts.searchText,
  id: SQL.Aliased | PgColumn = contacts.id,
): SQL {
  const pattern = likePattern(term);
  const textPatterns = [sql`lower(contacts_unaccent(${pattern}))`];
  // Addresses are stored lower case but with their accents: the term is tried both ways, since
  // unaccenting the column would keep its index from serving the app's role (not LEAKPROOF).
  const addressPatterns = [sql`lower(contacts_unaccent(${pattern}))`, sql`lower(${pattern})`];
  const digits = term.replace(/\D/g, '');
  if (/^[\d\s().+-]+$/.test(term) && digits.length >= SEARCH_MIN_CHARS && digits !== term) {
    textPatterns.push(sql`${likePattern(digits)}`);
    addressPatterns.push(sql`${likePattern(digits)}`);
  }
  const arms = textPatterns.map((p) => sql`${search} like ${p}`);
  const secondary = sql`select a.contact_id from contact_addresses a where a.organization_id = ${organizationId} and a.position > 0 and (${sql.join(
    addressPatterns.map((p) => sql`a.address like ${p}`),
    sql` or `,
  )})`;
  arms.push(sql`${id} = any(array(${secondary}))`);
  return sql`(${sql.join(arms, sql` or `)})`;
}

const afterKey = (k: ContactListKey | null, sortKey: PgColumn | SQL.Aliased, id: PgColumn | SQL.Aliased) =>
  k ? sql`(${sortKey}, ${id}) > (${k.k}, ${k.id})` : undefined;

/**
 * Entries of the list's order index walked (index only: sort key, id and search text) before the
 * search gives up on the order and sorts its matches instead: 51 matches when one contact in 200
 * matches evenly; a name that sorts far away (every 'Tremblay' after 85 % of the book) is then
 * read through its trigram index, not by walking to it.
 */
const WALK_ROWS = 10_000;

/** Tuning of `searchContactRows` (tests make them small). */
export type ContactSearchTuning = { countCap: number; walkRows: number };

/**
 * One page (`limit` + 1 rows, to tell whether more follow) of the organisation's contacts that
 * match `term`, in the list's order (sort key, id) after `after`, and how many match (at most
 * `CONTACT_SEARCH_COUNT_CAP`; `capped` when more do). Three plans, chosen by that count, each
 * bounded whatever the term (docs/behaviour/contacts.md, "List and search"):
 * - up to the cap: the matches, read through the trigram index, sorted (at most 1,000 rows);
 * - more: the list's order index walked for `WALK_ROWS` entries, the term tested on each in the
 *   index (many matches spread through the book fill a page quickly), then the page's rows by id;
 * - when that walk finds too few (the matches sort elsewhere: a common family name), the rest
 *   of the page is sorted from all the matches after the walked entries, read through the index.
 * Sub-selects fenced by a LIMIT keep PostgreSQL from walking the whole order index and
 * testing the term on each entry, its choice when it misjudges how many rows match (a second).
 */
export async function searchContactRows(
  db: DbOrTx,
  organizationId: string,
  term: string,
  after: ContactListKey | null,
  limit: number,
  tuning: ContactSearchTuning = { countCap: CONTACT_SEARCH_COUNT_CAP, walkRows: WALK_ROWS },
): Promise<{ rows: ContactRow[]; total: number; capped: boolean }> {
  const inOrganization = eq(contacts.organizationId, organizationId);
  const matches = and(inOrganization, contactSearchPredicate(organizationId, term));
  const probe = db
    .select({ one: sql`1` })
    .from(contacts)
    .where(matches)
    .limit(tuning.countCap + 1)
    .as('probe');
  const [counted] = await db.select({ n: count() }).from(probe);
  const n = counted?.n ?? 0;
  const total = Math.min(n, tuning.countCap);
  const capped = n > tuning.countCap;
  if (!capped) return { rows: await sortedMatches(db, matches, after, limit + 1), total, capped };

  const walk = Math.max(tuning.walkRows, limit + 1);
  const walked = db
    .select({ sortKey: contacts.sortKey, id: contacts.id, searchText: contacts.searchText })
    .from(contacts)
    .where(and(inOrganization, afterKey(after, contacts.sortKey, contacts.id)))
    .orderBy(asc(contacts.sortKey), asc(contacts.id))
    .limit(walk)
    .as('walked');
  const [found, [end]] = await Promise.all([
    db
      .select({ id: walked.id })
      .from(walked)
      .where(contactSearchPredicate(organizationId, term, walked.searchText, walked.id))
      .orderBy(asc(walked.sortKey), asc(walked.id))
      .limit(limit + 1),
    db
      .select({ k: contacts.sortKey, id: contacts.id })
      .from(contacts)
      .where(and(inOrganization, afterKey(after, contacts.sortKey, contacts.id)))
      .orderBy(asc(contacts.sortKey), asc(contacts.id))
      .offset(walk - 1)
      .limit(1),
  ]);
  const head = await rowsInOrder(
    db,
    organizationId,
    found.map((r) => r.id),
  );
  // A full page, or the walk reached the end of the list: nothing after it to sort.
  if (head.length > limit || !end) return { rows: head, total, capped };
  const rest = await sortedMatches(db, matches, { k: end.k ?? '', id: end.id }, limit + 1 - head.length);
  return { rows: [...head, ...rest], total, capped };
}

/** The organisation's contacts of `ids`, in the list's order. */
async function rowsInOrder(db: DbOrTx, organizationId: string, ids: string[]): Promise<ContactRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(contacts)
    .where(and(eq(contacts.organizationId, organizationId), inArray(contacts.id, ids)))
    .orderBy(asc(contacts.sortKey), asc(contacts.id));
}

/**
 * A LIMIT that limits nothing, for a sub-select PostgreSQL must not merge into the query around
 * it (drizzle leaves out `OFFSET 0`, the usual fence).
 */
const NO_LIMIT = Number.MAX_SAFE_INTEGER;

/**
 * The first `take` contacts matching `matches` after `after`, in the list's order: the matches
 * read through their trigram index (the sub-select, fenced by its LIMIT, is not ordered, so the
 * order index cannot be walked for it), then sorted.
 */
async function sortedMatches(
  db: DbOrTx,
  matches: SQL | undefined,
  after: ContactListKey | null,
  take: number,
): Promise<ContactRow[]> {
  const m = db.select().from(contacts).where(matches).limit(NO_LIMIT).as('m');
  return db
    .select()
    .from(m)
    .where(afterKey(after, m.sortKey, m.id))
    .orderBy(asc(m.sortKey), asc(m.id))
    .limit(take);
}
