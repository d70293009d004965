import type { Contact, Conversation, ConversationStatus, Message, MessageDirection, MessageStatus } from '@accueil/domain';
import type { conversations, messages } from '../../db/schema/index';

export type ConversationRow = typeof conversations.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;

/** §3 Message row → API `Message` (`messageSid` is the carrier's id; dates ISO). */
export function presentMessage(row: MessageRow): Message {
  return {
    id: row.id,
    conversationId: row.conversationId,
    seq: row.seq,
    version: row.version,
    author: row.author,
    authorName: row.authorName,
    from: row.from,
    to: row.to,
    body: row.body,
    messageSid: row.carrierMessageId,
    status: row.status as MessageStatus,
    errorCode: row.errorCode,
    direction: row.direction as MessageDirection,
    type: row.type === 'email' ? 'email' : 'text',
    media: row.media,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * §3 Conversation row → API `Conversation`, with its contact (already presented, or null) and
 * its newest message (row or null). `userGroupId` is the team.
 */
export function presentConversation(row: ConversationRow, contact: Contact | null, lastMessage: MessageRow | null): Conversation {
  return {
    id: row.id,
    sid: row.sid,
    friendlyName: row.friendlyName,
    organizationId: row.organizationId,
    userGroupId: row.teamId,
    contact,
    status: row.status as ConversationStatus,
    attributes: row.attributes,
    version: row.version,
    lastSeq: row.lastSeq,
    lastMessage: lastMessage ? presentMessage(lastMessage) : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
