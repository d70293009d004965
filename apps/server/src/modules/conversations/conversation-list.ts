import { AppError, normalizeSearch, SEARCH_MIN_CHARS, type ConversationPage, type ListConversationsQuery } from '@accueil/domain';
import { and, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { contacts, conversations } from '../../db/schema/index';
import type { RequestContext } from '../../http/request-context';
import { conversationScope } from './conversations.policy';
import { selectConversationViews, toConversation } from './conversation-views';

/** The keyset cursor: the last row's sort key (`p` pinned, only for active; `u` exact updated_at; `i` id). */
const cursorSchema = z.object({
  p: z.boolean().optional(),
  u: z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/),
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
 * term looks like a phone number: '555 12', '(514) 555-1234'), and message text. Each arm can
 * use its trigram index.
 */
function searchPredicate(term: string): SQL {
  const pattern = likePattern(term);
  const arms: SQL[] = [
    sql`(${contacts.firstName} || ' ' || ${contacts.lastName}) ilike ${pattern}`,
    sql`${conversations.friendlyName} ilike ${pattern}`,
    sql`exists (select 1 from messages m where m.conversation_id = ${conversations.id} and m.body ilike ${pattern})`,
  ];
  const digits = term.replace(/\D/g, '');
  if (/^[\d\s().+-]+$/.test(term) && digits.length >= SEARCH_MIN_CHARS && digits !== term) {
    arms.push(sql`${conversations.friendlyName} like ${likePattern(digits)}`);
  }
  return or(...arms) as SQL;
}

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
  if (search) conditions.push(searchPredicate(search));
  const order =
    query.status === 'active'
      ? [desc(conversations.pinned), desc(conversations.updatedAt), desc(conversations.id)]
      : [desc(conversations.updatedAt), desc(conversations.id)];
  const rows = await selectConversationViews(db)
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
  return { items: page.map(toConversation), nextCursor };
}
