import { AppError } from '@accueil/domain';
import type { HostDeps } from '../../app-deps';
import type { InboundText } from '../../carriers/messaging/messaging-carrier';
import { dispatchEvents } from '../../events/dispatch-events';
import type { EventSubscriber } from '../../events/event-subscriber';
import { listenersOf, subscriberList } from '../../events/subscriber-list';
import { presentContact } from '../contacts/index';
import { newConversationSid, notifyAssigneeOfInboundText, presentConversation } from '../conversations/index';
import { getUserNames } from '../users/index';
import { carrierKey, isDuplicateCarrierId, storedMessageIds, type InboundRows } from './inbound-statement';
import { inboundWriterOf } from './inbound-writer';
import { announceMessageCreated } from './message-events';
import { presentMessage } from './messages.presenter';

/**
 * An inbound text reached a team's number (the carriers' webhooks and the sandbox call this). In one
 * atomic statement (`insertInbound`, one round trip; with the texts that arrived meanwhile
 * under load: `InboundWriter`, a group commit): finds the team by `to`, creates or
 * updates the conversation by (team, from) — reactivated, `hasNotification`, linked to the
 * organisation's contact with the phone `from` when it has none, next seq — and appends the
 * message, with its `message.received` domain event (the outbox, docs/behaviour/events.md) in the
 * same statement: no round trip is added; the event is dispatched after the commit only when some
 * subscriber listens to it. Idempotent on (carrier, carrierMessageId): a retry writes nothing and answers
 * `duplicate: true` with the stored message's id. Announces `message:created` (with the
 * conversation) after commit, from the rows the statement returned (no re-read; an assigned
 * conversation reads its assignee's name and notifies them, docs/behaviour/assignment.md). Answers the
 * stored message's organisation and conversation (for the automatic reply that may follow).
 * `subscribers`: who may receive the event (default: every module's; tests give their own).
 * @throws AppError 'not-found' when no team has the number `to`.
 */
export async function recordInboundText(
  deps: HostDeps,
  text: InboundText,
  subscribers: readonly EventSubscriber[] = subscriberList(),
): Promise<{
  duplicate: boolean;
  messageId: string | null;
  organizationId?: string;
  conversationId?: string;
}> {
  let rows: InboundRows | null;
  const listeners = listenersOf('message.received', subscribers);
  const eventId = crypto.randomUUID();
  const now = new Date();
  try {
    rows = await inboundWriterOf(deps.db).write({
      messageId: crypto.randomUUID(),
      eventId,
      eventDelivered: !listeners.queued,
      conversationSid: newConversationSid(),
      from: text.from,
      to: text.to,
      body: text.body,
      carrier: text.carrier,
      carrierMessageId: text.carrierMessageId,
      media: text.media,
      now,
    });
  } catch (err) {
    if (!isDuplicateCarrierId(err)) throw err;
    return { duplicate: true, messageId: await storedMessageId(deps, text) };
  }
  if (!rows) throw new AppError('not-found', `No team has the number ${text.to}`);
  const { conversation, message } = rows;
  if (listeners.any) {
    const { organizationId } = conversation;
    const payload = { conversationId: conversation.id, messageId: message.id };
    const event = { name: 'message.received' as const, organizationId, actorUserId: null, payload };
    const recorded = { ...event, occurredAt: now, ip: null, userAgent: null };
    await dispatchEvents(
      deps,
      [{ id: eventId, organizationId, name: event.name, event: recorded }],
      subscribers,
    );
  }
  // The assignee's name: one more read only for an assigned conversation (docs/behaviour/assignment.md).
  const assigneeName = conversation.assigneeId
    ? ((await getUserNames(deps, conversation.organizationId, [conversation.assigneeId])).get(
        conversation.assigneeId,
      ) ?? null)
    : null;
  const view = presentConversation(
    conversation,
    rows.contact ? presentContact(rows.contact) : null,
    message,
    assigneeName,
  );
  announceMessageCreated(deps, presentMessage(message), view);
  notifyAssigneeOfInboundText(deps, view);
  return {
    duplicate: false,
    messageId: message.id,
    organizationId: conversation.organizationId,
    conversationId: conversation.id,
  };
}

/** The id of the message already stored under this carrier id (a retry), or null. */
async function storedMessageId(deps: Pick<HostDeps, 'db'>, text: InboundText): Promise<string | null> {
  return (await storedMessageIds(deps.db, [text])).get(carrierKey(text)) ?? null;
}
