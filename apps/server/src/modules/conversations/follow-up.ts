import { AppError, FLOW_LOCK_MAX_MS, type Conversation } from '@accueil/domain';
import { eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { conversations } from '../../db/schema/conversations';
import type { RequestContext } from '../../http/request-context';
import { announceConversation } from './conversation-events';
import { loadConversationView } from './conversation-views';
import { authorizeConversation, conversationById } from './conversations.policy';

/**
 * POST /api/conversations/:id/follow-up: the contact starts answering a survey or flow. Sending
 * to them is blocked until it ends, for at most `FLOW_LOCK_MAX_MS` (one hour); the conversation
 * is flagged `hasIncompleteFollowup` until it is opened. Row-locked, so two starts at once make
 * one follow-up and one 409 (docs/behaviour/conversations.md#follow-ups-and-the-flow-lock).
 * @throws AppError 'not-found', 'forbidden', 'follow-up-in-progress' (409, with `details.until`).
 */
export async function startFollowUp(
  deps: AppDeps,
  ctx: RequestContext,
  id: string,
  now = new Date(),
): Promise<Conversation> {
  const view = await deps.db.transaction(async (tx) => {
    const [current] = await tx.select().from(conversations).where(conversationById(ctx, id)).for('update');
    authorizeConversation(ctx, 'message.send', current);
    if (current.flowLockedUntil && current.flowLockedUntil > now) {
      throw new AppError('follow-up-in-progress', 'A follow-up cannot be started while one is in progress', {
        until: current.flowLockedUntil.toISOString(),
      });
    }
    await tx
      .update(conversations)
      .set({
        flowLockedUntil: new Date(now.getTime() + FLOW_LOCK_MAX_MS),
        attributes: { ...current.attributes, hasIncompleteFollowup: true },
        version: sql`${conversations.version} + 1`,
      })
      .where(eq(conversations.id, current.id));
    return (await loadConversationView(tx, eq(conversations.id, current.id)))!;
  });
  announceConversation(deps, view);
  return view;
}

/**
 * DELETE /api/conversations/:id/follow-up: the contact's follow-up ended (answered, or given
 * up); sending is open again. Ending none changes nothing.
 * @throws AppError 'not-found', 'forbidden'.
 */
export async function endFollowUp(deps: AppDeps, ctx: RequestContext, id: string): Promise<Conversation> {
  const result = await deps.db.transaction(async (tx) => {
    const [current] = await tx.select().from(conversations).where(conversationById(ctx, id)).for('update');
    authorizeConversation(ctx, 'message.send', current);
    if (!current.flowLockedUntil)
      return { changed: false, view: (await loadConversationView(tx, eq(conversations.id, current.id)))! };
    await tx
      .update(conversations)
      .set({ flowLockedUntil: null, version: sql`${conversations.version} + 1` })
      .where(eq(conversations.id, current.id));
    return { changed: true, view: (await loadConversationView(tx, eq(conversations.id, current.id)))! };
  });
  if (result.changed) announceConversation(deps, result.view);
  return result.view;
}
