import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { conversations } from '../../db/schema/conversations';
import { newConversationSid } from './conversation-sid';
import type { ConversationRow } from './conversations.presenter';

/**
 * In the caller's transaction, before an e-mail message is stored: the team's live conversation
 * with the e-mail address `address` (lower case), created when there is none (linked to
 * `contactId`), with its next seq claimed (`lastSeq` is the new message's), its version bumped,
 * brought to the top of the active list (an archived one is reactivated) and, for an inbound
 * mail, flagged unread (`hasNotification`), as an inbound text does
 * (docs/behaviour/email.md). A conversation without contact gets `contactId`.
 */
export async function openEmailConversation(
  tx: Tx,
  input: {
    organizationId: string;
    teamId: string;
    address: string;
    contactId: string | null;
    direction: 'inbound' | 'outbound';
    now: Date;
  },
): Promise<ConversationRow> {
  const attributes =
    input.direction === 'inbound'
      ? { hasNotification: true, type: 'email' as const }
      : { type: 'email' as const };
  const [row] = await tx
    .insert(conversations)
    .values({
      sid: newConversationSid(),
      organizationId: input.organizationId,
      teamId: input.teamId,
      contactId: input.contactId,
      channel: 'email',
      address: input.address,
      attributes,
      lastSeq: 1,
      updatedAt: input.now,
    })
    .onConflictDoUpdate({
      target: [conversations.teamId, conversations.channel, conversations.address],
      targetWhere: sql`${conversations.deletedAt} IS NULL`,
      set: {
        lastSeq: sql`${conversations.lastSeq} + 1`,
        version: sql`${conversations.version} + 1`,
        status: 'active',
        updatedAt: input.now,
        contactId: sql`coalesce(${conversations.contactId}, excluded.contact_id)`,
        attributes: sql`${conversations.attributes} || ${JSON.stringify(attributes)}::jsonb`,
      },
    })
    .returning();
  return row!;
}
