import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { conversations } from '../../db/schema/conversations';

/**
 * The teams of many conversations (their realtime rooms), by conversation id, in one statement;
 * a conversation gone is missing from the map. No tenant scope: for carriers' reports about
 * messages already found by the carrier's ids (`getConversationTeamId` for one).
 */
export async function getConversationTeamIds(
  db: DbOrTx,
  conversationIds: readonly string[],
): Promise<Map<string, string>> {
  if (conversationIds.length === 0) return new Map();
  const rows = await db
    .select({ id: conversations.id, teamId: conversations.teamId })
    .from(conversations)
    .where(inArray(conversations.id, [...new Set(conversationIds)]));
  return new Map(rows.map((r) => [r.id, r.teamId]));
}
