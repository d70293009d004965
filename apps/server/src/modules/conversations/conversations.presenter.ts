import type { Contact, Conversation, ConversationStatus, Label } from '@accueil/domain';
import type { conversations } from '../../db/schema/conversations';
import { presentMessage, type MessageRow } from '../messages/index';

/** A row of the conversations table. */
export type ConversationRow = typeof conversations.$inferSelect;

/**
 * Conversation row → API `Conversation`, with its contact (already presented, or null), its
 * newest message (row or null) and its assignee's display name (read with the row's
 * `assigneeId`; null when unassigned) and its labels (by name; `undefined` when the caller did not read them — the inbound text's hot
 * path — and the field is then left out). `userGroupId` is the team.
 */
export function presentConversation(
  row: ConversationRow,
  contact: Contact | null,
  lastMessage: MessageRow | null,
  assigneeName: string | null = null,
  labels?: Label[],
): Conversation {
  return {
    id: row.id,
    sid: row.sid,
    friendlyName: row.address,
    organizationId: row.organizationId,
    userGroupId: row.teamId,
    contact,
    status: row.status as ConversationStatus,
    attributes: row.attributes,
    version: row.version,
    lastSeq: row.lastSeq,
    flowLockedUntil:
      row.flowLockedUntil && row.flowLockedUntil.getTime() > Date.now()
        ? row.flowLockedUntil.toISOString()
        : null,
    lastMessage: lastMessage ? presentMessage(lastMessage) : null,
    assignee: row.assigneeId ? { id: row.assigneeId, name: assigneeName ?? '' } : null,
    snoozedUntil: row.snoozedUntil ? row.snoozedUntil.toISOString() : null,
    // Absent (not read: an inbound text's announcement, one round trip) means "unchanged" to the web's cache.
    ...(labels ? { labels } : {}),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
