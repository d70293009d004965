import type { ListMessagesQuery, Message, MessagePage, SendMessageRequest } from '@accueil/domain';
import { and, asc, desc, eq, gt, lt, type SQL } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { conversations, messages } from '../../db/schema/index';
import type { RequestContext } from '../../http/request-context';
import { announceMessageCreated } from './conversation-events';
import { bindIdempotencyKey, claimIdempotencyKey, sendRequestHash } from './conversation-idempotency';
import { appendOutbound, deliverOutbound } from './conversation-outbound';
import { loadConversationView } from './conversation-views';
import { conversationById, conversationNotFound } from './conversations.policy';
import { presentMessage } from './conversations.presenter';

/**
 * §2, §9 GET /api/conversations/:id/messages. Without `after`: the newest `limit` messages
 * with `seq < before` (all when absent), oldest first, `hasMore` when older ones exist. With
 * `after`: the oldest `limit` messages with `seq > after`, `hasMore` when newer ones remain.
 * @throws AppError 'not-found' (outside the scope).
 */
export async function listMessages(deps: AppDeps, ctx: RequestContext, conversationId: string, query: ListMessagesQuery): Promise<MessagePage> {
  return deps.db.transaction(async (tx) => {
    const [conv] = await tx.select({ id: conversations.id }).from(conversations).where(conversationById(ctx, conversationId));
    if (!conv) throw conversationNotFound();
    const scope: SQL[] = [eq(messages.organizationId, ctx.organizationId), eq(messages.conversationId, conv.id)];
    if (query.after !== undefined) {
      const rows = await tx
        .select()
        .from(messages)
        .where(and(...scope, gt(messages.seq, query.after)))
        .orderBy(asc(messages.seq))
        .limit(query.limit + 1);
      return { items: rows.slice(0, query.limit).map(presentMessage), hasMore: rows.length > query.limit };
    }
    if (query.before !== undefined) scope.push(lt(messages.seq, query.before));
    const rows = await tx
      .select()
      .from(messages)
      .where(and(...scope))
      .orderBy(desc(messages.seq))
      .limit(query.limit + 1);
    return { items: rows.slice(0, query.limit).reverse().map(presentMessage), hasMore: rows.length > query.limit };
  });
}

/**
 * §7 POST /api/conversations/:id/messages: stores the outbound text (`sending`, next seq,
 * signed by the user, from the team's number) and reactivates an archived conversation in one
 * transaction; after commit announces `message:created` (with the conversation), hands the
 * text to the carrier and answers the message as it then stands (`sent` or `failed`).
 * @throws AppError 'not-found', 'message-not-sendable', 'validation-failed' (see appendOutbound).
 */
export async function sendMessage(deps: AppDeps, ctx: RequestContext, conversationId: string, input: SendMessageRequest): Promise<Message> {
  return (await sendMessageOnce(deps, ctx, conversationId, input)).message;
}

/**
 * `sendMessage` with an optional `Idempotency-Key` (issue 3 "Outbound exactly once"): the key
 * is claimed in the message's transaction; a request whose key already created a message
 * (same payload) answers that message as it now stands, `replayed: true`, with no carrier
 * call. Without a key, every call sends.
 * @throws AppError those of `sendMessage`; 'idempotency-conflict' (same key, other payload).
 */
export async function sendMessageOnce(
  deps: AppDeps,
  ctx: RequestContext,
  conversationId: string,
  input: SendMessageRequest,
  idempotencyKey?: string,
): Promise<{ message: Message; replayed: boolean }> {
  const stored = await deps.db.transaction(async (tx) => {
    const claim = idempotencyKey ? await claimIdempotencyKey(tx, ctx, idempotencyKey, sendRequestHash(conversationId, input)) : null;
    if (claim?.kind === 'replay') {
      const [earlier] = await tx.select().from(messages).where(and(eq(messages.organizationId, ctx.organizationId), eq(messages.id, claim.messageId)));
      if (!earlier) throw conversationNotFound();
      return { kind: 'replay' as const, message: earlier };
    }
    const message = await appendOutbound(tx, deps, ctx, conversationId, input.body, input.to);
    if (claim) await bindIdempotencyKey(tx, claim.keyId, message.id);
    const view = await loadConversationView(tx, eq(conversations.id, message.conversationId));
    return { kind: 'sent' as const, message, view: view! };
  });
  if (stored.kind === 'replay') return { message: presentMessage(stored.message), replayed: true };
  const { message, view } = stored;
  announceMessageCreated(deps, presentMessage(message), view);
  return { message: await deliverOutbound(deps, message, view.userGroupId), replayed: false };
}
