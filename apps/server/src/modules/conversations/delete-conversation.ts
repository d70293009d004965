import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { conversations } from '../../db/schema/conversations';
import type { RequestContext } from '../../http/request-context';
import { recordAuditEvent } from '../audit/index';
import { announceRemoved } from './conversation-events';
import { authorizeConversation, conversationById } from './conversations.policy';

/**
 * DELETE /api/conversations/:id: removes it and its messages (the messages' foreign key
 * cascades); announces `conversation:removed`. Recorded in the audit log in the same transaction.
 * @throws AppError 'not-found'; 'forbidden' when the rules refuse deleting it.
 */
export async function deleteConversation(deps: AppDeps, ctx: RequestContext, id: string): Promise<void> {
  const removed = await deps.db.transaction(async (tx) => {
    const [current] = await tx
      .select({ id: conversations.id, organizationId: conversations.organizationId, teamId: conversations.teamId })
      .from(conversations)
      .where(conversationById(ctx, id))
      .for('update');
    authorizeConversation(ctx, 'conversation.delete', current);
    const [row] = await tx
      .delete(conversations)
      .where(eq(conversations.id, current.id))
      .returning({ id: conversations.id, teamId: conversations.teamId, version: conversations.version });
    await recordAuditEvent(tx, { organizationId: ctx.organizationId, actor: { userId: ctx.userId }, action: 'conversation.deleted', target: { type: 'conversation', id: current.id }, details: { teamId: current.teamId } });
    return row!;
  });
  announceRemoved(deps, { id: removed.id, userGroupId: removed.teamId, version: removed.version + 1 });
}
