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
  const [row] = await openEmailConversations(tx, {
    ...input,
    opened: [{ address: input.address, contactId: input.contactId, messages: 1, lastMessageId: null }],
  });
  return row!;
}

/**
 * `openEmailConversation` for several addresses of one team in one statement (the sync of a
 * batch of mails): each conversation's seq advanced by its `messages` (`lastSeq` is the seq of
 * its newest one; the caller numbers them `lastSeq - messages + 1 …`) and, when
 * `lastMessageId` is given, pointed at that message (inserted by the caller in the same
 * transaction; `last_message_id` has no foreign key). Addresses must be distinct. The rows as
 * they now are, in no particular order.
 */
export async function openEmailConversations(
  tx: Tx,
  input: {
    organizationId: string;
    teamId: string;
    direction: 'inbound' | 'outbound';
    now: Date;
    opened: readonly {
      address: string;
      contactId: string | null;
      messages: number;
      lastMessageId: string | null;
    }[];
  },
): Promise<ConversationRow[]> {
  if (input.opened.length === 0) return [];
  const attributes =
    input.direction === 'inbound'
      ? { hasNotification: true, type: 'email' as const }
      : { type: 'email' as const };
  return tx
    .insert(conversations)
    .values(
      input.opened.map((o) => ({
        sid: newConversationSid(),
        organizationId: input.organizationId,
        teamId: input.teamId,
        contactId: o.contactId,
        channel: 'email' as const,
        address: o.address,
        attributes,
        lastSeq: o.messages,
        lastMessageId: o.lastMessageId,
        updatedAt: input.now,
      })),
    )
    .onConflictDoUpdate({
      target: [conversations.teamId, conversations.channel, conversations.address],
      targetWhere: sql`${conversations.deletedAt} IS NULL`,
      set: {
        lastSeq: sql`${conversations.lastSeq} + excluded.last_seq`,
        version: sql`${conversations.version} + 1`,
        status: 'active',
        // A mail wakes a snoozed conversation, as a text does (docs/behaviour/snooze.md).
        snoozedUntil: null,
        snoozedBy: null,
        updatedAt: input.now,
        contactId: sql`coalesce(${conversations.contactId}, excluded.contact_id)`,
        attributes: sql`${conversations.attributes} || ${JSON.stringify(attributes)}::jsonb`,
        lastMessageId: sql`coalesce(excluded.last_message_id, ${conversations.lastMessageId})`,
      },
    })
    .returning();
}
