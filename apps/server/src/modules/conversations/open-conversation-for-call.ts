import type { Conversation } from '@accueil/domain';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { conversations } from '../../db/schema/conversations';
import { findContactByPhone } from '../contacts/index';
import { announceConversation } from './conversation-events';
import { newConversationSid } from './conversation-sid';
import { CONVERSATION_IDENTITY, withAddress } from './conversation-identity';
import { loadConversationView } from './conversation-views';

/**
 * The conversation a call of `teamId` with `phone` belongs to (docs/behaviour/calls.md, "The
 * call on the server"): the team's conversation with that number (not deleted), or a new one
 * linked to the contact with that number. Either way it comes to the top of the team's active
 * list (an archived one is reactivated, as an inbound text does) and is announced
 * (`conversation:updated`). `phone` as the carrier gave it (E.164, or an anonymous marker).
 * Runs in the caller's scope (a webhook's system access, or the request's organisation).
 */
export async function openConversationForCall(
  deps: Pick<AppDeps, 'db' | 'realtime' | 'log'>,
  input: { organizationId: string; teamId: string; phone: string; direction: 'inbound' | 'outbound' },
): Promise<Conversation> {
  const view = await deps.db.transaction(async (tx) => {
    const contact = await findContactByPhone(tx, input.organizationId, input.phone);
    const attributes = { isCall: true, direction: input.direction };
    const [created] = await tx
      .insert(conversations)
      .values({
        sid: newConversationSid(),
        organizationId: input.organizationId,
        teamId: input.teamId,
        contactId: contact?.id ?? null,
        address: input.phone,
        attributes,
      })
      .onConflictDoNothing({
        target: CONVERSATION_IDENTITY,
        where: isNull(conversations.deletedAt),
      })
      .returning({ id: conversations.id });
    const where = and(
      eq(conversations.organizationId, input.organizationId),
      eq(conversations.teamId, input.teamId),
      withAddress(input.phone),
      isNull(conversations.deletedAt),
    )!;
    if (!created) {
      await tx
        .update(conversations)
        .set({
          status: 'active',
          // A call wakes a snoozed conversation, as a text does (docs/behaviour/snooze.md).
          snoozedUntil: null,
          snoozedBy: null,
          updatedAt: new Date(),
          version: sql`${conversations.version} + 1`,
          attributes: sql`${conversations.attributes} || ${JSON.stringify(attributes)}::jsonb`,
        })
        .where(where);
    }
    return loadConversationView(tx, where);
  });
  // The insert or the update above found the row: the view exists.
  announceConversation(deps, view!);
  return view!;
}
