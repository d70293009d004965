import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/**
 * A condition for another module's query (the conversations search): the conversation whose id
 * is `conversationId` has an e-mail whose subject matches the ILIKE `pattern` (already
 * escaped). Bodies are searched as every message's (`messages.body` holds a mail's text). A
 * correlated EXISTS, run per row in list order or as a hashed set through the trigram index on
 * subjects (`email_messages_subject_trgm_idx`), whichever PostgreSQL finds cheaper.
 */
export function hasEmailSubjectLike(conversationId: AnyColumn, pattern: string): SQL {
  return sql`exists (select 1 from email_messages e where e.conversation_id = ${conversationId} and e.subject ilike ${pattern})`;
}
