import { AppError, normalizeSearch, SEARCH_MIN_CHARS, type ConversationPage, type ListConversationsQuery } from '@accueil/domain';
import { and, eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { conversations } from '../../db/schema/conversations';
import type { RequestContext } from '../../http/request-context';
import { afterCursor, decodeCursor, encodeCursor } from './conversation-cursor';
import { searchPredicate } from './conversation-search';
import { presentConversationRows } from './conversation-views';
import { conversationScope } from './conversations.policy';

/**
 * The sort key of a conversation as exact text (microseconds, UTC): a JS Date keeps only
 * milliseconds, and a keyset cursor rounded to them would skip rows.
 */
const updatedAtExact = sql<string>`to_char(${conversations.updatedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * `col DESC NULLS LAST`: the list indexes are built that way (Drizzle's `.desc()`), and a plain
 * `DESC` means NULLS FIRST, which PostgreSQL cannot read from them even on NOT NULL columns:
 * it then sorted the whole team's conversations for every page (issue 3 "Reads").
 */
const newestFirst = (col: AnyColumn): SQL => sql`${col} desc nulls last`;

/**
 * GET /api/conversations: the current team's conversations of one status, active ones pinned
 * first then by latest update, inactive by latest update (§2), keyset-paginated; filtered by
 * `search` (see `searchPredicate`). One read transaction: the page's rows (one index walk,
 * limit inside), then their contacts and newest messages for those rows only.
 * @throws AppError 'search-too-short' (< SEARCH_MIN_CHARS), 'validation-failed' (bad cursor).
 */
export async function listConversations(deps: AppDeps, ctx: RequestContext, query: ListConversationsQuery): Promise<ConversationPage> {
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
  return deps.db.transaction(async (tx) => {
    const rows = await tx
      .select({ conversation: conversations, sortAt: updatedAtExact })
      .from(conversations)
      .where(and(...conditions))
      .orderBy(...order)
      .limit(query.limit + 1);
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
    return { items: await presentConversationRows(tx, page.map((r) => r.conversation)), nextCursor };
  });
}
