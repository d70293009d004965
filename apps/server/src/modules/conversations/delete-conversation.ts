import { eq, sql } from 'drizzle-orm';
import { recordEvent } from '../../events/record-event';
import { transactionWithEvents } from '../../events/transaction-with-events';
import type { AppDeps } from '../../app-deps';
import { conversations } from '../../db/schema/conversations';
import type { RequestContext } from '../../http/request-context';
import { announceRemoved } from './conversation-events';
import { authorizeConversation, conversationById } from './conversations.policy';

/**
 * DELETE /api/conversations/:id: an administrator's soft delete (docs/behaviour/conversations.md,
 * "Delete"): the conversation leaves every list and lookup, keeps its messages, and can be
 * restored for 30 days (`deleted_at`, `deleted_by`); the purge job removes it after that.
 * Announces `conversation:removed` to its team.
 * @throws AppError 'not-found' (also another organisation's or team's id, or already deleted);
 *   'forbidden' when the rules refuse deleting it (a user who is not an administrator).
 */
export async function deleteConversation(deps: AppDeps, ctx: RequestContext, id: string): Promise<void> {
  const removed = await transactionWithEvents(deps, async (tx) => {
    const [current] = await tx
      .select({
        id: conversations.id,
        organizationId: conversations.organizationId,
        teamId: conversations.teamId,
      })
      .from(conversations)
      .where(conversationById(ctx, id))
      .for('update');
    authorizeConversation(ctx, 'conversation.delete', current);
    const [row] = await tx
      .update(conversations)
      .set({ deletedAt: new Date(), deletedBy: ctx.userId, version: sql`${conversations.version} + 1` })
      .where(eq(conversations.id, current.id))
      .returning({ id: conversations.id, teamId: conversations.teamId, version: conversations.version });
    await recordEvent(tx, {
      name: 'conversation.deleted',
      organizationId: ctx.organizationId,
      actorUserId: ctx.userId,
      payload: { conversationId: current.id, teamId: current.teamId },
    });
    return row!;
  });
  announceRemoved(deps, removed);
}
