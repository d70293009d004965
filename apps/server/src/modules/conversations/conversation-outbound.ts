import { AppError, isAnonymousNumber, isEmergencyNumber, MESSAGE_STATUS_RANK, normalizeOutboundPhone, type Message, type MessageStatus } from '@accueil/domain';
import type { CountryCode } from 'libphonenumber-js';
import { eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { CarrierError } from '../../carriers/messaging/messaging-carrier';
import type { Tx } from '../../db/client';
import { conversations, messages } from '../../db/schema/index';
import type { RequestContext } from '../../http/request-context';
import { conversationById, conversationNotFound } from './conversations.policy';
import { presentMessage, type MessageRow } from './conversations.presenter';
import { announceMessage } from './conversation-events';
import { getAuthor, getOrganizationCountry, getTeamPhoneNumber } from './tenant-lookups';

/** The higher-ranked of two statuses: a message's status never moves backwards (§4). */
export function laterStatus(current: MessageStatus, next: MessageStatus): MessageStatus {
  return MESSAGE_STATUS_RANK[next] > MESSAGE_STATUS_RANK[current] ? next : current;
}

/**
 * In the caller's transaction: allocates the conversation's next seq (the UPDATE locks the
 * row, so concurrent sends get distinct seqs), reactivates an archived conversation (sending
 * is the user's intent to talk), and inserts the outbound message in state `sending`.
 * @throws AppError 'not-found' (outside the scope), 'message-not-sendable' (anonymous or
 *   emergency number, team without number), 'validation-failed' (`to` is another number).
 */
export async function appendOutbound(tx: Tx, deps: AppDeps, ctx: RequestContext, conversationId: string, body: string, to?: string): Promise<MessageRow> {
  const [conv] = await tx
    .update(conversations)
    .set({ lastSeq: sql`${conversations.lastSeq} + 1`, version: sql`${conversations.version} + 1`, status: 'active', updatedAt: new Date() })
    .where(conversationById(ctx, conversationId))
    .returning();
  if (!conv) throw conversationNotFound();
  if (isAnonymousNumber(conv.friendlyName) || isEmergencyNumber(conv.friendlyName)) {
    throw new AppError('message-not-sendable', 'This number cannot receive text messages');
  }
  if (to !== undefined && !(await isSameNumber(deps, tx, ctx, to, conv.friendlyName))) {
    throw new AppError('validation-failed', "'to' is not this conversation's number", { field: 'to' });
  }
  const from = await getTeamPhoneNumber(deps, tx, ctx.organizationId, conv.teamId);
  if (!from) throw new AppError('message-not-sendable', 'The team has no phone number to text from');
  const { author, authorName } = await getAuthor(deps, tx, ctx.userId);
  const [message] = await tx
    .insert(messages)
    .values({
      organizationId: ctx.organizationId,
      conversationId: conv.id,
      seq: conv.lastSeq,
      author,
      authorName,
      authorUserId: ctx.userId,
      from,
      to: conv.friendlyName,
      body,
      carrier: deps.messaging.name,
      status: 'sending',
      direction: 'outbound',
    })
    .returning();
  await tx.update(conversations).set({ lastMessageId: message!.id }).where(eq(conversations.id, conv.id));
  return message!;
}

async function isSameNumber(deps: AppDeps, tx: Tx, ctx: RequestContext, to: string, number: string): Promise<boolean> {
  const stripped = to.replace(/\s+/g, '');
  if (stripped === number) return true;
  const country = (await getOrganizationCountry(deps, tx, ctx.organizationId)) as CountryCode;
  return normalizeOutboundPhone(stripped, country) === number;
}

type CarrierOutcome = { carrierMessageId: string | null; status: 'sent' | 'delivered' | 'failed'; errorCode: string | null };

async function callCarrier(deps: AppDeps, message: MessageRow): Promise<CarrierOutcome> {
  const base = deps.config.PUBLIC_URL?.replace(/\/+$/, '');
  try {
    const sent = await deps.messaging.send({
      from: message.from,
      to: message.to,
      body: message.body,
      ...(base ? { statusCallbackUrl: `${base}/api/webhooks/twilio/message-status` } : {}),
    });
    return { carrierMessageId: sent.carrierMessageId, status: sent.status, errorCode: sent.errorCode ?? null };
  } catch (err) {
    if (err instanceof CarrierError) {
      deps.log.warn({ kind: err.kind, carrierCode: err.carrierCode, messageId: message.id }, 'text not accepted by the carrier');
      return { carrierMessageId: null, status: 'failed', errorCode: err.carrierCode ?? err.kind };
    }
    deps.log.error({ err, messageId: message.id }, 'messaging carrier threw');
    return { carrierMessageId: null, status: 'failed', errorCode: 'internal' };
  }
}

/**
 * After the message is committed: hands it to the carrier, stores the carrier's id and status
 * (`sent`, or `failed` with the carrier's error code, e.g. '30006' for a landline) without
 * moving backwards (a status callback may already have said `delivered`), then announces
 * `message:updated`. Returns the message as it stands.
 */
export async function deliverOutbound(deps: AppDeps, message: MessageRow, teamId: string): Promise<Message> {
  const outcome = await callCarrier(deps, message);
  const updated = await deps.db.transaction(async (tx) => {
    const [current] = await tx.select().from(messages).where(eq(messages.id, message.id)).for('update');
    if (!current) return null;
    const status = laterStatus(current.status as MessageStatus, outcome.status);
    const [row] = await tx
      .update(messages)
      .set({
        carrierMessageId: current.carrierMessageId ?? outcome.carrierMessageId,
        status,
        errorCode: status === 'failed' ? (outcome.errorCode ?? current.errorCode) : current.errorCode,
        version: sql`${messages.version} + 1`,
        updatedAt: new Date(),
      })
      .where(eq(messages.id, message.id))
      .returning();
    return row ?? null;
  });
  if (!updated) return presentMessage(message);
  const presented = presentMessage(updated);
  announceMessage(deps, teamId, 'message:updated', presented);
  return presented;
}
