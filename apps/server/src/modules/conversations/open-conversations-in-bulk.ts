import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { conversations } from '../../db/schema/conversations';
import { findContactIdsByPhones } from '../contacts/index';
import { newConversationSid } from './conversation-sid';
import { CONVERSATION_IDENTITY, withAddress } from './conversation-identity';

/** One conversation to open: a team's, with a number already in E.164. */
export type ConversationToOpen = { teamId: string; phone: string };

/** The key of `openConversationsInBulk`'s answer for a team and a number. */
export function openedKey(o: ConversationToOpen): string {
  return `${o.teamId} ${o.phone}`;
}

/**
 * The team's conversation with each number, started where there is none (as `createConversation`
 * does without a first message: linked to the organisation's contact with the number, not
 * notified), in three statements for the lot: the contacts, one insert that skips the pairs
 * that already have a conversation (archived ones included; deleted ones do not count), one read
 * of those. By `openedKey`, the conversation's id. Not announced: the caller's first text into
 * it announces it (`message:created` carries the conversation). For a caller that has already
 * checked the teams (a scheduled message's team); `db` in the organisation's scope.
 */
export async function openConversationsInBulk(
  db: DbOrTx,
  organizationId: string,
  wanted: readonly ConversationToOpen[],
): Promise<Map<string, string>> {
  const opened = new Map<string, string>();
  const unique = [...new Map(wanted.map((w) => [openedKey(w), w])).values()];
  if (unique.length === 0) return opened;
  const contactOf = await findContactIdsByPhones(
    db,
    organizationId,
    unique.map((w) => w.phone),
  );
  const created = await db
    .insert(conversations)
    .values(
      unique.map((w) => ({
        sid: newConversationSid(),
        organizationId,
        teamId: w.teamId,
        contactId: contactOf.get(w.phone) ?? null,
        address: w.phone,
        attributes: { hasNotification: false },
      })),
    )
    .onConflictDoNothing({
      target: CONVERSATION_IDENTITY,
      where: isNull(conversations.deletedAt),
    })
    .returning({
      id: conversations.id,
      teamId: conversations.teamId,
      address: conversations.address,
    });
  for (const c of created) opened.set(openedKey({ teamId: c.teamId, phone: c.address }), c.id);
  const missing = unique.filter((w) => !opened.has(openedKey(w)));
  if (missing.length === 0) return opened;
  const existing = await db
    .select({ id: conversations.id, teamId: conversations.teamId, address: conversations.address })
    .from(conversations)
    .where(
      and(
        eq(conversations.organizationId, organizationId),
        inArray(conversations.teamId, [...new Set(missing.map((w) => w.teamId))]),
        withAddress(missing.map((w) => w.phone)),
        isNull(conversations.deletedAt),
      ),
    );
  for (const c of existing) opened.set(openedKey({ teamId: c.teamId, phone: c.address }), c.id);
  return opened;
}
