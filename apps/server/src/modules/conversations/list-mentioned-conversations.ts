import type { ConversationPage, ListConversationsQuery } from '@accueil/domain';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { conversations } from '../../db/schema/conversations';
import type { RequestContext } from '../../http/request-context';
import {
  mentionedConversationIds,
  newestMentionAt,
  newestMessageLike,
  toSearchMatch,
} from '../messages/index';
import { decodeMentionCursor, encodeCursor } from './conversation-cursor';
import { hasConversationLabel } from '../labels/index';
import { likePattern, searchPredicate } from './conversation-search';
import { presentConversationRows } from './conversation-views';
import { conversationScope } from './conversations.policy';

/**
 * GET /api/conversations?view=mentions (docs/behaviour/notes-and-presence.md): the current team's
 * conversations where an internal note mentions the signed-in user, newest mention first
 * (then id), keyset-paginated on (newest mention, id); `status` filters them (`all`: both
 * lists, in the same order) and `search` as in every list (each item then carries `match`).
 * Read in the caller's transaction `tx`; `term` is the normalised search ('' for none).
 * @throws AppError 'validation-failed' (a cursor not made for this view).
 */
export async function listMentionedConversations(
  tx: DbOrTx,
  ctx: RequestContext,
  query: ListConversationsQuery,
  term: string,
): Promise<ConversationPage> {
  if (!ctx.teamId) return { items: [], nextCursor: null };
  const mentionAt = newestMentionAt(ctx.organizationId, ctx.userId, conversations.id);
  const mentionAtExact = sql<string>`to_char(${mentionAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
  const cursor = query.cursor ? decodeMentionCursor(query.cursor) : undefined;
  const conditions: SQL[] = [
    conversationScope(ctx),
    sql`${conversations.id} in ${mentionedConversationIds({ organizationId: ctx.organizationId, teamId: ctx.teamId, userId: ctx.userId })}`,
  ];
  if (query.status !== 'all') conditions.push(eq(conversations.status, query.status));
  if (cursor)
    conditions.push(sql`(${mentionAt}, ${conversations.id}) < (${cursor.u}::timestamptz, ${cursor.i}::uuid)`);
  if (term) conditions.push(searchPredicate(ctx, term));
  if (query.labelId) conditions.push(hasConversationLabel(conversations.id, query.labelId));
  const match = term ? newestMessageLike(conversations.id, likePattern(term)) : sql`null`;
  const rows = await tx
    .select({ conversation: conversations, sortAt: mentionAtExact, match })
    .from(conversations)
    .where(and(...conditions))
    .orderBy(sql`${mentionAt} desc`, sql`${conversations.id} desc`)
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  const nextCursor =
    rows.length > query.limit && last ? encodeCursor({ u: last.sortAt, i: last.conversation.id }) : null;
  const items = await presentConversationRows(
    tx,
    page.map((r) => r.conversation),
  );
  return {
    items: term ? items.map((c, i) => ({ ...c, match: toSearchMatch(page[i]!.match) })) : items,
    nextCursor,
  };
}
