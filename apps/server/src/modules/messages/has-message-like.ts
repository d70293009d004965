import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/**
 * A condition for another module's query (the conversations search): the conversation whose
 * id is `conversationId` has a message whose body matches the ILIKE `pattern` (already
 * escaped). A correlated EXISTS, so PostgreSQL may run it per row in list order or as a hashed
 * set through the trigram index on bodies, whichever is cheaper.
 */
export function hasMessageLike(conversationId: AnyColumn, pattern: string): SQL {
  return sql`exists (select 1 from messages m where m.conversation_id = ${conversationId} and m.body ilike ${pattern})`;
}
