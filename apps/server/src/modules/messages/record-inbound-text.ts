import { AppError } from '@accueil/domain';
import type { HostDeps } from '../../app-deps';
import type { InboundText } from '../../carriers/messaging/messaging-carrier';
import { presentContact } from '../contacts/index';
import { newConversationSid, presentConversation } from '../conversations/index';
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
 * message. Idempotent on (carrier, carrierMessageId): a retry writes nothing and answers
 * `duplicate: true` with the stored message's id. Announces `message:created` (with the
 * conversation) after commit, from the rows the statement returned (no re-read). Answers the
 * stored message's organisation and conversation (for the automatic reply that may follow).
 * @throws AppError 'not-found' when no team has the number `to`.
 */
export async function recordInboundText(
  deps: HostDeps,
  text: InboundText,
): Promise<{
  duplicate: boolean;
  messageId: string | null;
  organizationId?: string;
  conversationId?: string;
}> {
  let rows: InboundRows | null;
  try {
    rows = await inboundWriterOf(deps.db).write({
      messageId: crypto.randomUUID(),
      conversationSid: newConversationSid(),
      from: text.from,
      to: text.to,
      body: text.body,
      carrier: text.carrier,
      carrierMessageId: text.carrierMessageId,
      media: text.media,
      now: new Date(),
    });
  } catch (err) {
    if (!isDuplicateCarrierId(err)) throw err;
    return { duplicate: true, messageId: await storedMessageId(deps, text) };
  }
  if (!rows) throw new AppError('not-found', `No team has the number ${text.to}`);
  const { conversation, message } = rows;
  announceMessageCreated(
    deps,
    presentMessage(message),
    presentConversation(conversation, rows.contact ? presentContact(rows.contact) : null, message),
  );
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
