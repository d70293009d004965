import {
  AppError,
  normalizeSearch,
  SEARCH_MIN_CHARS,
  type ConversationPage,
  type ConversationStatus,
  type ConversationView,
  type ListConversationsQuery,
} from '@accueil/domain';
import { and, eq, inArray, isNotNull, isNull, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import type { DbOrTx } from '../../db/client';
import { conversations } from '../../db/schema/conversations';
import type { RequestContext } from '../../http/request-context';
import { hasConversationLabel } from '../labels/index';
import { newestMessageLike, toSearchMatch } from '../messages/index';
import { afterCursor, decodeCursor, encodeCursor, type Cursor } from './conversation-cursor';
import { likePattern, searchPredicate } from './conversation-search';
import { presentConversationRows } from './conversation-views';
import { listMentionedConversations } from './list-mentioned-conversations';
import { conversationScope } from './conversations.policy';

/**
 * The sort key of a conversation as exact text (microseconds, UTC): a JS Date keeps only
 * milliseconds, and a keyset cursor rounded to them would skip rows.
 */
const updatedAtExact = sql<string>`to_char(${conversations.updatedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * `col DESC NULLS LAST`: the list indexes are built that way (Drizzle's `.desc()`), and a plain
 * `DESC` means NULLS FIRST, which PostgreSQL cannot read from them even on NOT NULL columns:
 * it then sorted the whole team's conversations for every page (docs/benchmarks.md).
 */
const newestFirst = (col: AnyColumn): SQL => sql`${col} desc nulls last`;

/** One list the page walks: a status, or the snoozed conversations (active ones with `snoozedUntil`). */
type OneList = ConversationStatus | 'snoozed';

function listOrder(status: OneList): SQL[] {
  return status === 'active'
    ? [newestFirst(conversations.pinned), newestFirst(conversations.updatedAt), newestFirst(conversations.id)]
    : [newestFirst(conversations.updatedAt), newestFirst(conversations.id)];
}

/** Both lists: the active one (pinned first) then the archived one, each newest first. */
const BOTH_LISTS_ORDER: SQL[] = [
  sql`${conversations.status} = 'inactive'`,
  sql`(${conversations.status} = 'active' and ${conversations.pinned}) desc`,
  newestFirst(conversations.updatedAt),
  newestFirst(conversations.id),
];

/** The view's predicate (docs/behaviour/assignment.md): assigned to the user, to nobody, or none. */
function viewCondition(ctx: RequestContext, view: ConversationView): SQL[] {
  if (view === 'mine') return [eq(conversations.assigneeId, ctx.userId)];
  if (view === 'unassigned') return [isNull(conversations.assigneeId)];
  return [];
}

/**
 * A list's status condition (docs/behaviour/snooze.md): the active list leaves out the snoozed
 * conversations, which the snoozed list holds; reading both lists at once (a search) keeps them
 * among the active ones.
 */
function statusCondition(list: OneList, bothLists: boolean): SQL[] {
  if (list === 'snoozed') return [eq(conversations.status, 'active'), isNotNull(conversations.snoozedUntil)];
  const status = eq(conversations.status, list);
  return list === 'active' && !bothLists ? [status, isNull(conversations.snoozedUntil)] : [status];
}

/**
 * One list's rows: scope, view, status, after `cursor` (when the previous page ended in this
 * list), the search, the label (docs/behaviour/labels.md).
 */
function listConditions(
  ctx: RequestContext,
  list: { status: OneList; bothLists: boolean },
  cursor: Pick<Cursor, 'p' | 'u' | 'i'> | undefined,
  search: string,
  view: ConversationView,
  labelId: string | undefined,
): SQL {
  const conditions: SQL[] = [
    conversationScope(ctx),
    ...viewCondition(ctx, view),
    ...statusCondition(list.status, list.bothLists),
  ];
  if (cursor) conditions.push(afterCursor(cursor, list.status === 'active' ? 'active' : 'inactive'));
  if (search) conditions.push(searchPredicate(ctx, search));
  if (labelId) conditions.push(hasConversationLabel(conversations.id, labelId));
  return and(...conditions)!;
}

/**
 * Which rows the page reads, and in what order. One list: its conditions, walked in its index
 * order. Both lists: each list's next page of ids (one index walk each, limit inside; only the
 * archived one once a cursor points into it), union all, active ones first.
 */
function pageShape(
  db: DbOrTx,
  ctx: RequestContext,
  query: ListConversationsQuery,
  search: string,
): { where: SQL; order: SQL[] } {
  const cursor = query.cursor ? decodeCursor(query.cursor, query.status) : undefined;
  if (query.status !== 'all')
    return {
      where: listConditions(
        ctx,
        { status: query.status, bothLists: false },
        cursor,
        search,
        query.view,
        query.labelId,
      ),
      order: listOrder(query.status),
    };
  const statuses: ConversationStatus[] = cursor?.s === 'inactive' ? ['inactive'] : ['active', 'inactive'];
  const [first, second] = statuses.map((status) =>
    db
      .select({ id: conversations.id })
      .from(conversations)
      .where(
        listConditions(
          ctx,
          { status, bothLists: true },
          cursor?.s === status ? cursor : undefined,
          search,
          query.view,
          query.labelId,
        ),
      )
      .orderBy(...listOrder(status))
      .limit(query.limit + 1),
  );
  const ids = second
    ? sql`${conversations.id} in (${first!} union all ${second})`
    : inArray(conversations.id, first!);
  return { where: and(conversationScope(ctx), ids)!, order: BOTH_LISTS_ORDER };
}

/**
 * GET /api/conversations: the current team's conversations of one view (`mine`, `unassigned`,
 * `all`; docs/behaviour/assignment.md; `mentions` has its own order:
 * `listMentionedConversations`) and one status, active ones pinned
 * first then by latest update, inactive and snoozed ones (docs/behaviour/snooze.md) by latest
 * update, keyset-paginated; or of both
 * (`all`: the active list then the archived one, as a search of both lists shows them);
 * filtered by `labelId` (the conversations carrying that label; docs/behaviour/labels.md) and
 * by `search` (see `searchPredicate`), each searched item then carrying `match`, its
 * newest matching message. One read transaction: the page's rows (one query), then their
 * contacts and newest messages for those rows only.
 * @throws AppError 'search-too-short' (< SEARCH_MIN_CHARS), 'validation-failed' (bad cursor).
 */
export async function listConversations(
  deps: AppDeps,
  ctx: RequestContext,
  query: ListConversationsQuery,
): Promise<ConversationPage> {
  const search = normalizeSearch(query.search);
  if (search === 'too-short') {
    throw new AppError('search-too-short', `Search needs at least ${SEARCH_MIN_CHARS} characters`);
  }
  const term = search ?? '';
  return deps.db.transaction(async (tx) => {
    if (query.view === 'mentions') return listMentionedConversations(tx, ctx, query, term);
    const { where, order } = pageShape(tx, ctx, query, term);
    const match = term ? newestMessageLike(conversations.id, likePattern(term)) : sql`null`;
    const rows = await tx
      .select({ conversation: conversations, sortAt: updatedAtExact, match })
      .from(conversations)
      .where(where)
      .orderBy(...order)
      .limit(query.limit + 1);
    const page = rows.slice(0, query.limit);
    const last = page.at(-1);
    const nextCursor =
      rows.length > query.limit && last
        ? encodeCursor({
            ...(query.status === 'all' ? { s: last.conversation.status as ConversationStatus } : {}),
            ...(last.conversation.status === 'active' ? { p: last.conversation.pinned } : {}),
            u: last.sortAt,
            i: last.conversation.id,
          })
        : null;
    const conversationsOfPage = await presentConversationRows(
      tx,
      page.map((r) => r.conversation),
    );
    const items = term
      ? conversationsOfPage.map((c, i) => ({ ...c, match: toSearchMatch(page[i]!.match) }))
      : conversationsOfPage;
    return { items, nextCursor };
  });
}
