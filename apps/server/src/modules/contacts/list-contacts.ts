import {
  AppError,
  CONTACT_PAGE_SIZES,
  normalizeSearch,
  SEARCH_MIN_CHARS,
  type ContactPage,
  type ListContactsQuery,
} from '@accueil/domain';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import type { DbOrTx } from '../../db/client';
import { contacts } from '../../db/schema/contacts';
import type { RequestContext } from '../../http/request-context';
import { recordAuditEvent } from '../audit/index';
import { searchContactRows, type ContactListKey } from './contact-search';
import type { ContactRow } from './contacts.presenter';
import { authorizeContacts } from './contacts.policy';
import { presentWithLinks } from './load-contact';

type Cursor = ContactListKey;

/** A page larger than the table's largest page size is a bulk read (the table's All reads 500 at a time). */
const BULK_READ_ABOVE = Math.max(...CONTACT_PAGE_SIZES);

function encodeCursor(c: Cursor): string {
  return Buffer.from(JSON.stringify(c)).toString('base64url');
}

function decodeCursor(raw: string): Cursor {
  try {
    const c = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as Partial<Cursor>;
    if (typeof c.k === 'string' && typeof c.id === 'string' && /^[0-9a-f-]{36}$/i.test(c.id))
      return { k: c.k, id: c.id };
  } catch {
    // fall through
  }
  throw new AppError('validation-failed', 'Invalid cursor');
}

/**
 * GET /api/contacts: one keyset page of the organisation's contacts, by last name then first
 * name (case and accents ignored) then id. Without a search: the `(organization_id, sort_key, id)`
 * index walked, with the exact number of contacts. With one: `searchContactRows` (the matches
 * counted up to `CONTACT_SEARCH_COUNT_CAP`, `totalCapped` beyond; each of its plans bounded). A
 * page of more than the table's largest page size (`CONTACT_PAGE_SIZES`) is a bulk read: each
 * one is recorded in the audit log (`contacts.bulk-read`: the rows answered, the search, whether
 * it is the first page) in the transaction that reads it — every page, as a cursor is no proof
 * of an earlier page.
 * @throws AppError 'search-too-short' (< 3 characters), 'validation-failed' (bad cursor), 'forbidden'.
 */
export async function listContacts(
  deps: Pick<AppDeps, 'db'>,
  ctx: RequestContext,
  query: ListContactsQuery,
): Promise<ContactPage> {
  authorizeContacts(ctx);
  const search = normalizeSearch(query.search);
  if (search === 'too-short')
    throw new AppError('search-too-short', `Search needs at least ${SEARCH_MIN_CHARS} characters`);
  const limit = query.limit;
  const after = query.cursor ? decodeCursor(query.cursor) : null;
  const read = async (db: DbOrTx): Promise<{ rows: ContactRow[]; total: number; capped: boolean }> => {
    if (search) return searchContactRows(db, ctx.organizationId, search, after, limit);
    const inOrganization = eq(contacts.organizationId, ctx.organizationId);
    const keyset = after ? sql`(${contacts.sortKey}, ${contacts.id}) > (${after.k}, ${after.id})` : undefined;
    const [rows, [counted]] = await Promise.all([
      db
        .select()
        .from(contacts)
        .where(and(inOrganization, keyset))
        .orderBy(asc(contacts.sortKey), asc(contacts.id))
        .limit(limit + 1),
      db.select({ n: count() }).from(contacts).where(inOrganization),
    ]);
    return { rows, total: counted?.n ?? 0, capped: false };
  };
  const { rows, total, capped } =
    limit > BULK_READ_ABOVE
      ? await deps.db.transaction(async (tx) => {
          const answer = await read(tx);
          const details = {
            rows: Math.min(answer.rows.length, limit),
            search: search ?? null,
            firstPage: !query.cursor,
          };
          // Written directly, not as a domain event: a read changes nothing, and nothing but the audit
          // reacts to it (docs/behaviour/events.md).
          await recordAuditEvent(tx, {
            organizationId: ctx.organizationId,
            actor: { userId: ctx.userId },
            action: 'contacts.bulk-read',
            details,
          });
          return answer;
        })
      : await read(deps.db);
  const more = rows.length > limit;
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return {
    items: await presentWithLinks(deps.db, ctx.organizationId, items),
    nextCursor: more && last ? encodeCursor({ k: last.sortKey ?? '', id: last.id }) : null,
    total,
    totalCapped: capped,
  };
}
