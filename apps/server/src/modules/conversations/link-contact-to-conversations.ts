import { and, eq, isNull, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { conversations } from '../../db/schema/conversations';
import { announceConversation } from './conversation-events';
import { withAddress } from './conversation-identity';
import { presentConversationRows } from './conversation-views';

/**
 * A contact now has `phone` (it was created, or its phone changed): the organisation's
 * conversations with that number and no contact get it (every team's), each announced
 * `conversation:updated` with a new version, so an open contact panel shows the new contact
 * at once. Conversations already tied to a contact keep theirs.
 */
export async function linkContactToConversations(
  deps: Pick<AppDeps, 'db' | 'realtime' | 'log'>,
  organizationId: string,
  phone: string,
  contactId: string,
): Promise<void> {
  const rows = await deps.db
    .update(conversations)
    .set({ contactId, version: sql`${conversations.version} + 1` })
    .where(
      and(
        eq(conversations.organizationId, organizationId),
        withAddress(phone),
        isNull(conversations.contactId),
      ),
    )
    .returning();
  if (rows.length === 0) return;
  for (const view of await presentConversationRows(deps.db, rows)) announceConversation(deps, view);
}
