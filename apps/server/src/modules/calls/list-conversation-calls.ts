import { CONVERSATION_CALLS_LIMIT, type ConversationCalls } from '@accueil/domain';
import { and, desc, eq } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { calls } from '../../db/schema/calls';
import type { RequestContext } from '../../http/request-context';
import { getConversation } from '../conversations/index';
import { presentCallRows } from './call-views';

/**
 * GET /api/conversations/:id/calls: the conversation's calls for its timeline, oldest first
 * (the newest `CONVERSATION_CALLS_LIMIT`), with their queue place and voicemail. The
 * conversation is authorised as its messages are (`getConversation`: 404 for another
 * organisation's or team's).
 */
export async function listConversationCalls(
  deps: AppDeps,
  ctx: RequestContext,
  conversationId: string,
): Promise<ConversationCalls> {
  const conversation = await getConversation(deps, ctx, conversationId);
  const rows = await deps.db
    .select()
    .from(calls)
    .where(and(eq(calls.organizationId, ctx.organizationId), eq(calls.conversationId, conversation.id)))
    .orderBy(desc(calls.startedAt), desc(calls.id))
    .limit(CONVERSATION_CALLS_LIMIT);
  return { calls: await presentCallRows(deps.db, rows.reverse()) };
}
