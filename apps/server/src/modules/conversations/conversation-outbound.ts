import { AppError, isAnonymousNumber, isEmergencyNumber, MESSAGE_STATUS_RANK, normalizeOutboundPhone, type Message, type MessageStatus } from '@accueil/domain';
import type { CountryCode } from 'libphonenumber-js';
import { eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import type { Tx } from '../../db/client';
import { conversations, messages } from '../../db/schema/index';
import type { RequestContext } from '../../http/request-context';
import { conversationById, conversationNotFound } from './conversations.policy';
import { presentMessage, type MessageRow } from './conversations.presenter';
import { announceMessageUpdated } from './conversation-events';
import { callCarrier, type CarrierOutcome } from './conversation-carrier-call';
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

/** Stores a carrier's outcome without moving the status backwards; null when the message is gone. */
async function storeOutcome(deps: AppDeps, messageId: string, outcome: CarrierOutcome): Promise<MessageRow | null> {
  return deps.db.transaction(async (tx) => {
    const [current] = await tx.select().from(messages).where(eq(messages.id, messageId)).for('update');
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
      .where(eq(messages.id, messageId))
      .returning();
    return row ?? null;
  });
}

/**
 * After the message is committed: hands it to the carrier once and stores the carrier's id
 * and status without moving backwards (a status callback may already have said `delivered`):
 * `sent`; `failed` with the carrier's code when it refused the text (e.g. '30006' landline);
 * `unknown` when the call failed temporarily or timed out (`MESSAGING_SEND_TIMEOUT_MS`): not
 * resent, the status callback (or the carrier's late answer) reconciles it. Announces
 * `message:updated` and returns the message as it stands.
 */
export async function deliverOutbound(deps: AppDeps, message: MessageRow, teamId: string): Promise<Message> {
  const store = async (outcome: CarrierOutcome) => {
    const row = await storeOutcome(deps, message.id, outcome);
    if (row) announceMessageUpdated(deps, teamId, presentMessage(row));
    return row;
  };
  const outcome = await callCarrier(deps, message, (late) => {
    store(late).catch((err: unknown) => deps.log.error({ err, messageId: message.id }, 'could not store the carrier\'s late answer'));
  });
  const updated = await store(outcome);
  return presentMessage(updated ?? message);
}
