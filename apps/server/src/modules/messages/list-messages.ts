import type { ListMessagesQuery, MessagePage } from '@accueil/domain';
import { and, asc, desc, eq, gt, lt, type SQL } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { messages } from '../../db/schema/messages';
import type { RequestContext } from '../../http/request-context';
import { requireConversation } from '../conversations/index';
import { presentMessage } from './messages.presenter';

/** Whose messages (a conversation in the request's scope) and which page of them. */
export type ListMessagesOptions = { conversationId: string; query: ListMessagesQuery };

/**
 * GET /api/conversations/:id/messages. Without `after`: the newest `limit` messages with
 * `seq < before` (all when absent), oldest first, `hasMore` when older ones exist. With
 * `after`: the oldest `limit` messages with `seq > after`, `hasMore` when newer ones remain.
 * @throws AppError 'not-found' (the conversation is outside the scope).
 */
export async function listMessages(
  deps: AppDeps,
  ctx: RequestContext,
  { conversationId, query }: ListMessagesOptions,
): Promise<MessagePage> {
  return deps.db.transaction(async (tx) => {
    const conv = await requireConversation(tx, ctx, conversationId);
    const scope: SQL[] = [
      eq(messages.organizationId, ctx.organizationId),
      eq(messages.conversationId, conv.id),
    ];
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
    return {
      items: rows.slice(0, query.limit).reverse().map(presentMessage),
      hasMore: rows.length > query.limit,
    };
  });
}
