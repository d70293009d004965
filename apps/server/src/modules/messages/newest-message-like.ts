import type { SearchMatch } from '@accueil/domain';
import { getTableName, sql, type AnyColumn, type SQL } from 'drizzle-orm';

/**
 * A column for another module's query (the conversations search): the newest message of the
 * conversation whose id is `conversationId` whose body matches the ILIKE `pattern` (already
 * escaped), as JSON `{ messageId, body, createdAt }`, or null. It reads that conversation's
 * own messages only (so it is as tenant- and team-scoped as the row), newest first through the
 * `(conversation_id, seq)` index; read with {@link toSearchMatch}.
 */
export function newestMessageLike(conversationId: AnyColumn, pattern: string): SQL<unknown> {
  // Qualified by hand: in a one-table select list Drizzle writes a bare "id", which inside this
  // subquery would name the message's own id.
  const outer = sql`${sql.identifier(getTableName(conversationId.table))}.${sql.identifier(conversationId.name)}`;
  return sql`(select json_build_object('messageId', m.id, 'body', m.body,
      'createdAt', to_char(m.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
    from messages m where m.conversation_id = ${outer} and m.body ilike ${pattern}
    order by m.seq desc limit 1)`;
}

/** The {@link newestMessageLike} column's value as the API's `match` (drivers hand JSON back parsed or as text). */
export function toSearchMatch(value: unknown): SearchMatch | null {
  if (value === null || value === undefined) return null;
  return (typeof value === 'string' ? JSON.parse(value) : value) as SearchMatch;
}
