import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { conversations } from '../../db/schema/conversations';

/**
 * The team a conversation belongs to (its realtime room), or null when it is gone. No tenant
 * scope: for a carrier's report about a message already found by the carrier's id.
 */
export async function getConversationTeamId(db: DbOrTx, conversationId: string): Promise<string | null> {
  const [row] = await db
    .select({ teamId: conversations.teamId })
    .from(conversations)
    .where(eq(conversations.id, conversationId));
  return row?.teamId ?? null;
}
