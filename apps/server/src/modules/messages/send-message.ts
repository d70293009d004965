import { AppError, type Media, type Message } from '@accueil/domain';
import { and, eq } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import type { Tx } from '../../db/client';
import { messages } from '../../db/schema/messages';
import type { RequestContext } from '../../http/request-context';
import { attachToMessage } from '../attachments/index';
import { transactionWithEvents } from '../../events/transaction-with-events';
import { claimAssigneeOnReply, conversationNotFound, loadConversationViewById } from '../conversations/index';
import { appendOutboundMessage } from './append-outbound-message';
import { deliverOutboundMessage } from './deliver-outbound-message';
import type { OutboundText } from './fill-message-tokens';
import { bindIdempotencyKey, claimIdempotencyKey, sendRequestHash } from './idempotency-keys';
import { announceMessageCreated } from './message-events';
import { presentMessage, type MessageRow } from './messages.presenter';

/**
 * The conversation, the text (typed, or a quick message's id), optionally the number the sender
 * believes it goes to, optionally the request's `Idempotency-Key`, and `automatic` for an
 * automatic reply (docs/behaviour/automatic-replies.md).
 */
export type SendMessageOptions = {
  conversationId: string;
  body?: string;
  textBlockId?: string;
  /** Files the user uploaded, sent as a multimedia message (no text: docs/behaviour/attachments.md). */
  attachmentIds?: string[];
  to?: string;
  idempotencyKey?: string;
  automatic?: boolean;
  /** The last seq the writer had seen when they began (docs/behaviour/notes-and-presence.md, "Replied meanwhile"). */
  seenSeq?: number;
  /** Send even though another user replied after `seenSeq`. */
  sendAnyway?: boolean;
};

/** The message `id` with its media written (a multimedia message's attachments). */
async function withMedia(tx: Tx, id: string, media: Media[]): Promise<MessageRow> {
  const [row] = await tx.update(messages).set({ media }).where(eq(messages.id, id)).returning();
  return row!;
}

/**
 * POST /api/conversations/:id/messages: stores the outbound text (`sending`, next seq, signed
 * by the user, from the team's number) and reactivates an archived conversation in one
 * transaction (and, when its team auto-assigns, makes the sender the assignee of an unassigned
 * conversation: docs/behaviour/assignment.md); after commit announces `message:created` (with the conversation), hands the
 * text to the carrier and answers the message as it then stands (`sent` or `failed`).
 * With an `idempotencyKey` the key is claimed in the message's transaction; a request whose
 * key already created a message (same payload) answers that message as it now stands,
 * `replayed: true`, with no carrier call — unless that message was never handed to the carrier
 * (`carrier_call_pending`): it is then handed over, once (`takeCarrierCalls`). Without a key,
 * every call sends.
 * With `attachmentIds` the message carries those files and no text (`attachToMessage`).
 * With `seenSeq` (and not `sendAnyway`), a reply of another user above it refuses the send
 * (409 `replied-meanwhile`, nothing stored; docs/behaviour/notes-and-presence.md).
 * @throws AppError 'not-found', 'message-not-sendable', 'validation-failed',
 *   'token-value-missing', 'replied-meanwhile' (see appendOutboundMessage); 'idempotency-conflict' (same key, other payload);
 *   'text-with-media', 'attachments-too-large', 'too-many-attachments', 'not-found' (an attachment).
 */
export async function sendMessage(
  deps: AppDeps,
  ctx: RequestContext,
  options: SendMessageOptions,
): Promise<{ message: Message; replayed: boolean }> {
  const { conversationId, body, textBlockId, attachmentIds, to, idempotencyKey, automatic } = options;
  const seenSeq = options.sendAnyway ? undefined : options.seenSeq;
  if (attachmentIds && (body !== undefined || textBlockId !== undefined))
    throw new AppError('text-with-media', 'Text cannot be added to a multimedia message');
  const text: OutboundText | null = attachmentIds
    ? { body: '' }
    : textBlockId !== undefined
      ? { textBlockId }
      : body !== undefined
        ? { body }
        : null;
  if (!text) {
    throw new AppError('validation-failed', 'A text or a quick message is required', { field: 'body' });
  }
  const stored = await transactionWithEvents(deps, async (tx) => {
    const claim = idempotencyKey
      ? await claimIdempotencyKey(
          tx,
          ctx,
          idempotencyKey,
          sendRequestHash(conversationId, { body, textBlockId, to, attachmentIds }),
        )
      : null;
    if (claim?.kind === 'replay') {
      const [earlier] = await tx
        .select()
        .from(messages)
        .where(and(eq(messages.organizationId, ctx.organizationId), eq(messages.id, claim.messageId)));
      // Stryker disable next-line ConditionalExpression: unreachable: a key is bound to its message in the message's transaction, in the same organisation, and deleted with it (ON DELETE CASCADE)
      if (!earlier) throw conversationNotFound();
      // Stored but never handed to the carrier (its process died waiting for its number's slot,
      // or that first request still waits): whichever takes its carrier call first sends it.
      const pending = earlier.carrierCallPending
        ? await loadConversationViewById(tx, earlier.conversationId)
        : null;
      return { kind: 'replay' as const, message: earlier, pending };
    }
    const appended = await appendOutboundMessage(tx, deps, ctx, {
      conversationId,
      ...text,
      // Stryker disable next-line ConditionalExpression: `{ to: undefined }` is read as no `to` (appendOutboundMessage checks `!== undefined`)
      ...(to === undefined ? {} : { to }),
      ...(automatic ? { automatic } : {}),
      ...(seenSeq === undefined ? {} : { seenSeq }),
    });
    const message = attachmentIds
      ? await withMedia(tx, appended.id, await attachToMessage(tx, ctx, attachmentIds, appended.id))
      : appended;
    if (claim) await bindIdempotencyKey(tx, claim.keyId, message.id);
    let view = (await loadConversationViewById(tx, message.conversationId))!;
    // Auto-assign: a member's reply in an unassigned conversation of a team that auto-assigns
    // makes them its assignee (docs/behaviour/assignment.md); never an automatic reply.
    const claimed =
      !automatic &&
      !view.assignee &&
      (await claimAssigneeOnReply(tx, ctx, { id: view.id, teamId: view.userGroupId, assigneeId: null }));
    if (claimed) view = (await loadConversationViewById(tx, message.conversationId))!;
    return { kind: 'sent' as const, message, view };
  });
  if (stored.kind === 'replay') {
    const { message, pending } = stored;
    return {
      message: pending
        ? await deliverOutboundMessage(deps, message, pending.userGroupId)
        : presentMessage(message),
      replayed: true,
    };
  }
  const { message, view } = stored;
  announceMessageCreated(deps, presentMessage(message), view);
  return { message: await deliverOutboundMessage(deps, message, view.userGroupId), replayed: false };
}
