import type { Conversation } from '@accueil/domain';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { contacts, conversations, messages } from '../../db/schema/index';
import { presentContact } from '../contacts/contacts.service';
import { presentConversation } from './conversations.presenter';

/**
 * The sort key of a conversation as exact text (microseconds, UTC): a JS Date keeps only
 * milliseconds, and a keyset cursor rounded to them would skip rows.
 */
export const updatedAtExact = sql<string>`to_char(${conversations.updatedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * Conversations with their contact and newest message in one query (joins, no N+1).
 * `where` must include the tenant scope (conversations.policy).
 */
export function selectConversationViews(db: DbOrTx) {
  return db
    .select({ conversation: conversations, contact: contacts, lastMessage: messages, sortAt: updatedAtExact })
    .from(conversations)
    .leftJoin(contacts, and(eq(contacts.id, conversations.contactId), eq(contacts.organizationId, conversations.organizationId)))
    .leftJoin(messages, eq(messages.id, conversations.lastMessageId));
}

type ViewRow = Awaited<ReturnType<ReturnType<typeof selectConversationViews>['where']>>[number];

/** A joined row → API `Conversation`. */
export function toConversation(row: ViewRow): Conversation {
  return presentConversation(row.conversation, row.contact ? presentContact(row.contact) : null, row.lastMessage);
}

/** One conversation in the scope given by `where`, presented, or null. */
export async function loadConversationView(db: DbOrTx, where: SQL): Promise<Conversation | null> {
  const [row] = await selectConversationViews(db).where(where).limit(1);
  return row ? toConversation(row) : null;
}
