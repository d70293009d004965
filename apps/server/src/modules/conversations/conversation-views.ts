import type { Contact, Conversation } from '@accueil/domain';
import { eq, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { conversations } from '../../db/schema/conversations';
import { getContactsByIds } from '../contacts/index';
import { getLabelsOfConversations } from '../labels/index';
import { getMessagesByIds, type MessageRow } from '../messages/index';
import { getUserNames } from '../users/index';
import { presentConversation, type ConversationRow } from './conversations.presenter';

/**
 * Conversation rows → API `Conversation`s (same order), with their contacts, newest messages
 * assignees' names and labels read in batched look-ups through the contacts, messages, users
 * and labels modules (one query each for the whole page, never one per row; none when no row has one).
 * Every row must belong to one organisation (the request's: rows come from a scoped query).
 */
export async function presentConversationRows(
  db: DbOrTx,
  rows: readonly ConversationRow[],
): Promise<Conversation[]> {
  const [first] = rows;
  if (!first) return [];
  const contactIds = rows.flatMap((r) => (r.contactId ? [r.contactId] : []));
  const messageIds = rows.flatMap((r) => (r.lastMessageId ? [r.lastMessageId] : []));
  const contacts = contactIds.length
    ? await getContactsByIds(db, first.organizationId, contactIds)
    : new Map<string, Contact>();
  const lastMessages = messageIds.length
    ? await getMessagesByIds(db, first.organizationId, messageIds)
    : new Map<string, MessageRow>();
  const assigneeIds = rows.flatMap((r) => (r.assigneeId ? [r.assigneeId] : []));
  const assigneeNames = await getUserNames({ db }, first.organizationId, assigneeIds, db);
  const labels = await getLabelsOfConversations(
    db,
    first.organizationId,
    rows.map((r) => r.id),
  );
  return rows.map((r) =>
    presentConversation(
      r,
      (r.contactId && contacts.get(r.contactId)) || null,
      (r.lastMessageId && lastMessages.get(r.lastMessageId)) || null,
      (r.assigneeId && assigneeNames.get(r.assigneeId)) || null,
      labels.get(r.id) ?? [],
    ),
  );
}

/** One conversation matching `where` (which must include the tenant scope), presented, or null. */
export async function loadConversationView(db: DbOrTx, where: SQL): Promise<Conversation | null> {
  const [row] = await db.select().from(conversations).where(where).limit(1);
  return row ? ((await presentConversationRows(db, [row]))[0] ?? null) : null;
}

/**
 * The conversation with that id, presented, or null; no tenant scope: only for a caller that
 * got the id from a row it already read in scope (the message it just stored).
 */
export async function loadConversationViewById(db: DbOrTx, id: string): Promise<Conversation | null> {
  return loadConversationView(db, eq(conversations.id, id));
}
