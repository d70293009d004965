import { AppError, can, DELETED_CONVERSATION_RETENTION_MS, type Conversation } from '@accueil/domain';
import { and, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import { recordEvent } from '../../events/record-event';
import { transactionWithEvents } from '../../events/transaction-with-events';
import type { AppDeps } from '../../app-deps';
import { conversations } from '../../db/schema/conversations';
import { actorOf } from '../../http/actor';
import type { RequestContext } from '../../http/request-context';
import { announceConversation } from './conversation-events';
import { withAddress } from './conversation-identity';
import { loadConversationViewById } from './conversation-views';
import { conversationNotFound } from './conversations.policy';

/**
 * POST /api/conversations/:id/restore: brings a deleted conversation back to its team's inbox
 * (within 30 days of its deletion), as it was; announces `conversation:updated` to the team.
 * Recorded in the audit log (`conversation.restored`) from the domain event recorded in the same
 * transaction.
 * @throws AppError 'forbidden' unless an administrator; 'not-found' for an id that is not a
 *   deleted conversation of the organisation still restorable; 'conversation-exists' when the
 *   number has a conversation in that team again (a text came in after the deletion).
 */
export async function restoreConversation(
  deps: AppDeps,
  ctx: RequestContext,
  id: string,
  now = new Date(),
): Promise<Conversation> {
  if (!can(actorOf(ctx), 'conversation.restore', { organizationId: ctx.organizationId })) {
    throw new AppError('forbidden', 'Only an administrator restores conversations');
  }
  const view = await transactionWithEvents(deps, async (tx) => {
    const since = new Date(now.getTime() - DELETED_CONVERSATION_RETENTION_MS);
    const [row] = await tx
      .select()
      .from(conversations)
      .where(
        and(
          eq(conversations.organizationId, ctx.organizationId),
          eq(conversations.id, id),
          isNotNull(conversations.deletedAt),
          gt(conversations.deletedAt, since),
        ),
      )
      .for('update');
    if (!row) throw conversationNotFound();
    const [live] = await tx
      .select({ id: conversations.id })
      .from(conversations)
      .where(
        and(
          eq(conversations.teamId, row.teamId),
          withAddress(row.address, row.channel),
          isNull(conversations.deletedAt),
        ),
      );
    if (live)
      throw new AppError('conversation-exists', 'A conversation exists with this number', {
        conversationId: live.id,
      });
    await tx
      .update(conversations)
      .set({ deletedAt: null, deletedBy: null, version: sql`${conversations.version} + 1` })
      .where(eq(conversations.id, row.id));
    await recordEvent(tx, {
      name: 'conversation.restored',
      organizationId: ctx.organizationId,
      actorUserId: ctx.userId,
      payload: { conversationId: row.id, teamId: row.teamId },
      occurredAt: now,
    });
    return (await loadConversationViewById(tx, row.id))!;
  });
  announceConversation(deps, view);
  return view;
}
