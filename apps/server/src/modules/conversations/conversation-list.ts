import { AppError, normalizeSearch, SEARCH_MIN_CHARS, type ConversationPage, type ListConversationsQuery } from '@accueil/domain';
import { and, eq, inArray, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { conversations } from '../../db/schema/index';
import type { RequestContext } from '../../http/request-context';
import { conversationScope } from './conversations.policy';
import { selectConversationViews, toConversation } from './conversation-views';

/**
 * A real instant PostgreSQL accepts (a forged cursor's 2020-02-30 or year 0 would make the
 * query fail with a 500): the date round-trips through `Date` unchanged, from year 1.
 */
function isRealInstant(u: string): boolean {
  const ms = Date.parse(`${u.slice(0, 23)}Z`);
  return !Number.isNaN(ms) && u.slice(0, 4) !== '0000' && new Date(ms).toISOString().slice(0, 19) === u.slice(0, 19);
}

/** The keyset cursor: the last row's sort key (`p` pinned, only for active; `u` exact updated_at; `i` id). */
const cursorSchema = z.object({
  p: z.boolean().optional(),
  u: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/)
    .refine(isRealInstant),
  i: z.uuid(),
});
type Cursor = z.infer<typeof cursorSchema>;

function encodeCursor(c: Cursor): string {
  return Buffer.from(JSON.stringify(c)).toString('base64url');
}

/** @throws AppError 'validation-failed' when the cursor was not made by this server. */
function decodeCursor(raw: string, status: 'active' | 'inactive'): Cursor {
  try {
    const c = cursorSchema.parse(JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')));
    if (status === 'active' && c.p === undefined) throw new Error('pinned missing');
    return c;
  } catch {
    throw new AppError('validation-failed', 'Invalid cursor', { field: 'cursor' });
  }
}

/** Escapes LIKE wildcards so the term matches literally (backslash is ILIKE's escape). */
function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/**
 * §2, §5 Search: the contact's name, the phone number (as typed, and by its digits when the
 * term looks like a phone number: '555 12', '(514) 555-1234'), and message text.
 * Shaped for 100,000 conversations (issue 3 "Reads", docs/benchmarks.md): names and numbers
 * are id sets read through their trigram indexes (hashed, probed per row), never an ILIKE per
 * conversation of the team; message text is an EXISTS that PostgreSQL runs either as a hashed
 * set (rare word, trigram index) or per conversation in list order (common word: the first
 * page fills after a few conversations). Runs inside the page query (no joins there).
 */
function searchPredicate(ctx: RequestContext, term: string): SQL {
  const pattern = likePattern(term);
  const numberArms: SQL[] = [sql`c2.friendly_name ilike ${pattern}`];
  const digits = term.replace(/\D/g, '');
  if (/^[\d\s().+-]+$/.test(term) && digits.length >= SEARCH_MIN_CHARS && digits !== term) {
    numberArms.push(sql`c2.friendly_name like ${likePattern(digits)}`);
  }
  return sql`(${conversations.id} in (select c2.id from conversations c2 where c2.organization_id = ${ctx.organizationId} and (${or(...numberArms)}))
    or ${conversations.contactId} in (select k.id from contacts k where k.organization_id = ${ctx.organizationId} and (k.first_name || ' ' || k.last_name) ilike ${pattern})
    or exists (select 1 from messages m where m.conversation_id = ${conversations.id} and m.body ilike ${pattern}))`;
}

/**
 * `col DESC NULLS LAST`: the list indexes are built that way (Drizzle's `.desc()`), and a plain
 * `DESC` means NULLS FIRST, which PostgreSQL cannot read from them even on NOT NULL columns:
 * it then sorted the whole team's conversations for every page (issue 3 "Reads").
 */
const newestFirst = (col: AnyColumn): SQL => sql`${col} desc nulls last`;

function afterCursor(c: Cursor, status: 'active' | 'inactive'): SQL {
  if (status === 'active') {
    return sql`(${conversations.pinned}, ${conversations.updatedAt}, ${conversations.id}) < (${c.p ?? false}, ${c.u}::timestamptz, ${c.i}::uuid)`;
  }
  return sql`(${conversations.updatedAt}, ${conversations.id}) < (${c.u}::timestamptz, ${c.i}::uuid)`;
}

/**
 * GET /api/conversations: the current team's conversations of one status, active ones pinned
 * first then by latest update, inactive by latest update (§2), keyset-paginated.
 * @throws AppError 'search-too-short' (< SEARCH_MIN_CHARS), 'validation-failed' (bad cursor).
 */
export async function listConversationPage(db: DbOrTx, ctx: RequestContext, query: ListConversationsQuery): Promise<ConversationPage> {
  const search = normalizeSearch(query.search);
  if (search === 'too-short') {
    throw new AppError('search-too-short', `Search needs at least ${SEARCH_MIN_CHARS} characters`);
  }
  const conditions: SQL[] = [conversationScope(ctx), eq(conversations.status, query.status)];
  if (query.cursor) conditions.push(afterCursor(decodeCursor(query.cursor, query.status), query.status));
  if (search) conditions.push(searchPredicate(ctx, search));
  const order =
    query.status === 'active'
      ? [newestFirst(conversations.pinned), newestFirst(conversations.updatedAt), newestFirst(conversations.id)]
      : [newestFirst(conversations.updatedAt), newestFirst(conversations.id)];
  // The page's ids first (one index walk, limit inside), then the joins for those rows only:
  // joined before the limit, a search page looked up contact and last message of every match.
  const pageIds = db
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(...conditions))
    .orderBy(...order)
    .limit(query.limit + 1);
  const rows = await selectConversationViews(db)
    .where(inArray(conversations.id, pageIds))
    .orderBy(...order);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  const nextCursor =
    rows.length > query.limit && last
      ? encodeCursor({
          ...(query.status === 'active' ? { p: last.conversation.pinned } : {}),
          u: last.sortAt,
          i: last.conversation.id,
        })
      : null;
  return { items: page.map(toConversation), nextCursor };
}
