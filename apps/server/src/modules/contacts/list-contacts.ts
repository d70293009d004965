import { AppError, CONTACT_PAGE_SIZES, normalizeSearch, SEARCH_MIN_CHARS, type ContactPage, type ListContactsQuery } from '@accueil/domain';
import { and, asc, count, eq, sql, type SQL } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import type { DbOrTx } from '../../db/client';
import { contacts } from '../../db/schema/contacts';
import type { RequestContext } from '../../http/request-context';
import { recordAuditEvent } from '../audit/index';
import { contactSearchPredicate } from './contact-search';
import { authorizeContacts } from './contacts.policy';
import { presentWithLinks } from './load-contact';

type Cursor = { k: string; id: string };

/** A page larger than the table's largest page size is a bulk read (the table's All reads 500 at a time). */
const BULK_READ_ABOVE = Math.max(...CONTACT_PAGE_SIZES);

function encodeCursor(c: Cursor): string {
  return Buffer.from(JSON.stringify(c)).toString('base64url');
}

function decodeCursor(raw: string): Cursor {
  try {
    const c = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as Partial<Cursor>;
    if (typeof c.k === 'string' && typeof c.id === 'string' && /^[0-9a-f-]{36}$/i.test(c.id)) return { k: c.k, id: c.id };
  } catch {
    // fall through
  }
  throw new AppError('validation-failed', 'Invalid cursor');
}

/**
 * GET /api/contacts: one keyset page of the organisation's contacts, by last name then first
 * name (case and accents ignored) then id, searched or not (`contactSearchPredicate`), with the
 * number of contacts the search matches. Reads the `(organization_id, sort_key, id)` index;
 * a search reads the trigram index of `search_text`. A page of more than the table's largest
 * page size (`CONTACT_PAGE_SIZES`) is a bulk read: each one is recorded in the audit log
 * (`contacts.bulk-read`: the rows answered, the search, whether it is the first page) in the
 * transaction that reads it — every page, as a cursor is no proof of an earlier page.
 * @throws AppError 'search-too-short' (< 3 characters), 'validation-failed' (bad cursor), 'forbidden'.
 */
export async function listContacts(deps: Pick<AppDeps, 'db'>, ctx: RequestContext, query: ListContactsQuery): Promise<ContactPage> {
  authorizeContacts(ctx);
  const search = normalizeSearch(query.search);
  if (search === 'too-short') throw new AppError('search-too-short', `Search needs at least ${SEARCH_MIN_CHARS} characters`);
  const limit = query.limit;
  const filters: SQL[] = [eq(contacts.organizationId, ctx.organizationId)];
  if (search) filters.push(contactSearchPredicate(search));
  const where = and(...filters);
  const page: SQL[] = [...filters];
  if (query.cursor) {
    const c = decodeCursor(query.cursor);
    page.push(sql`(${contacts.sortKey}, ${contacts.id}) > (${c.k}, ${c.id})`);
  }
  const read = (db: DbOrTx) =>
    Promise.all([
      db
        .select()
        .from(contacts)
        .where(and(...page))
        .orderBy(asc(contacts.sortKey), asc(contacts.id))
        .limit(limit + 1),
      db.select({ n: count() }).from(contacts).where(where),
    ]);
  const [rows, [total]] =
    limit > BULK_READ_ABOVE
      ? await deps.db.transaction(async (tx) => {
          const answer = await read(tx);
          const details = { rows: Math.min(answer[0].length, limit), search: search ?? null, firstPage: !query.cursor };
          await recordAuditEvent(tx, { organizationId: ctx.organizationId, actor: { userId: ctx.userId }, action: 'contacts.bulk-read', details });
          return answer;
        })
      : await read(deps.db);
  const more = rows.length > limit;
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return {
    items: await presentWithLinks(deps.db, ctx.organizationId, items),
    nextCursor: more && last ? encodeCursor({ k: last.sortKey ?? '', id: last.id }) : null,
    total: total?.n ?? 0,
  };
}
