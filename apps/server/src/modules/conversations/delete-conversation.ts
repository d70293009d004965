import { eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { conversations } from '../../db/schema/conversations';
import type { RequestContext } from '../../http/request-context';
import { recordAuditEvent } from '../audit/index';
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
  const removed = await deps.db.transaction(async (tx) => {
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
    await recordAuditEvent(tx, {
      organizationId: ctx.organizationId,
      actor: { userId: ctx.userId },
      action: 'conversation.deleted',
      target: { type: 'conversation', id: current.id },
      details: { teamId: current.teamId },
    });
    return row!;
  });
  announceRemoved(deps, removed);
}
