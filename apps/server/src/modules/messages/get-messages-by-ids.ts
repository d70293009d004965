import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { messages } from '../../db/schema/messages';
import type { MessageRow } from './messages.presenter';

/**
 * The organisation's messages with those ids, keyed by id (one query, for a page of
 * conversations and their newest messages). Another organisation's ids are absent.
 */
export async function getMessagesByIds(
  db: DbOrTx,
  organizationId: string,
  ids: readonly string[],
): Promise<Map<string, MessageRow>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select()
    .from(messages)
    .where(and(eq(messages.organizationId, organizationId), inArray(messages.id, unique)));
  return new Map(rows.map((r) => [r.id, r]));
}
