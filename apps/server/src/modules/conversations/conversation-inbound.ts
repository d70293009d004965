import { AppError } from '@accueil/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import type { Tx } from '../../db/client';
import type { InboundText } from '../../carriers/messaging/messaging-carrier';
import { conversations, messages } from '../../db/schema/index';
import { findContactByPhone, presentContact } from '../contacts/contacts.service';
import { presentMessage } from './conversations.presenter';
import { announceConversation, announceMessage } from './conversation-events';
import { loadConversationView } from './conversation-views';
import { findTeamByPhoneNumber } from './tenant-lookups';

/** Rolls the transaction back when the carrier's id was already stored. */
class DuplicateInbound extends Error {
  constructor(readonly messageId: string | null) {
    super('duplicate inbound text');
  }
}

function newSid(): string {
  return `CH${crypto.randomUUID().replace(/-/g, '')}`;
}

/**
 * §4 An inbound text reached a team's number (S3's webhooks and sandbox call this). In one
 * transaction: finds the team by `to`, the conversation by (team, from) or creates it, linked
 * to the organisation's contact with that phone; reactivates an inactive one; sets
 * `hasNotification`; appends the message with the next seq. Idempotent on
 * (carrier, carrierMessageId): a retry writes nothing and answers `duplicate: true` with the
 * stored message's id. Announces `message:created` and `conversation:updated` after commit.
 * @throws AppError 'not-found' when no team has the number `to`.
 */
export async function recordInboundText(deps: AppDeps, text: InboundText): Promise<{ duplicate: boolean; messageId: string | null }> {
  const team = await findTeamByPhoneNumber(deps, text.to);
  if (!team) throw new AppError('not-found', `No team has the number ${text.to}`);
  try {
    const result = await deps.db.transaction((tx) => appendInbound(tx, team, text));
    announceMessage(deps, team.id, 'message:created', presentMessage(result.message));
    announceConversation(deps, result.view);
    return { duplicate: false, messageId: result.message.id };
  } catch (err) {
    if (err instanceof DuplicateInbound) return { duplicate: true, messageId: err.messageId };
    throw err;
  }
}

/** The transaction of `recordInboundText`. @throws DuplicateInbound (rolls back). */
async function appendInbound(tx: Tx, team: { id: string; organizationId: string }, text: InboundText) {
  const [existing] = await tx
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.carrier, text.carrier), eq(messages.carrierMessageId, text.carrierMessageId)));
  if (existing) throw new DuplicateInbound(existing.id);
  const contact = await findContactByPhone(tx, team.organizationId, text.from);
  const conv = await upsertForInbound(tx, team, text.from, contact?.id ?? null);
  const [message] = await tx
    .insert(messages)
    .values({
      organizationId: team.organizationId,
      conversationId: conv.id,
      seq: conv.lastSeq,
      author: text.from,
      authorName: contact ? presentContact(contact).fullname || null : null,
      from: text.from,
      to: text.to,
      body: text.body,
      carrier: text.carrier,
      carrierMessageId: text.carrierMessageId,
      status: 'received',
      direction: 'inbound',
      media: text.media,
    })
    .onConflictDoNothing({ target: [messages.carrier, messages.carrierMessageId] })
    .returning();
  // A concurrent delivery of the same text committed first: undo the seq taken above.
  if (!message) throw new DuplicateInbound(null);
  await tx.update(conversations).set({ lastMessageId: message.id }).where(eq(conversations.id, conv.id));
  const view = await loadConversationView(tx, eq(conversations.id, conv.id));
  return { message, view: view! };
}

/**
 * One statement that creates the (team, number) conversation or takes the next seq of the
 * existing one (row-locked until commit), reactivating it and marking it unread (§4).
 */
async function upsertForInbound(tx: Tx, team: { id: string; organizationId: string }, from: string, contactId: string | null) {
  const now = new Date();
  const [conv] = await tx
    .insert(conversations)
    .values({
      sid: newSid(),
      organizationId: team.organizationId,
      teamId: team.id,
      contactId,
      friendlyName: from,
      attributes: { hasNotification: true },
      lastSeq: 1,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: [conversations.teamId, conversations.friendlyName],
      set: {
        lastSeq: sql`${conversations.lastSeq} + 1`,
        version: sql`${conversations.version} + 1`,
        status: 'active',
        attributes: sql`${conversations.attributes} || '{"hasNotification": true}'::jsonb`,
        contactId: sql`coalesce(${conversations.contactId}, excluded.contact_id)`,
        updatedAt: now,
      },
    })
    .returning();
  return conv!;
}
