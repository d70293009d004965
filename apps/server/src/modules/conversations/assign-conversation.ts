import { AppError, type Conversation } from '@accueil/domain';
import { eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { conversations } from '../../db/schema/conversations';
import { recordEvent } from '../../events/record-event';
import { transactionWithEvents } from '../../events/transaction-with-events';
import type { RequestContext } from '../../http/request-context';
import { listMemberships } from '../teams/index';
import { loadConversationView } from './conversation-views';
import { authorizeConversation, conversationById } from './conversations.policy';

/** Which conversation, and to whom (a user id, or null to unassign). */
export type AssignConversationOptions = { id: string; userId: string | null };

/**
 * PUT /api/conversations/:id/assignee (docs/behaviour/assignment.md): a member of the
 * conversation's team assigns it to a member of that team, or unassigns it. The change bumps
 * `version` (not `updatedAt`: assigning does not reorder the list) and records
 * `conversation.assigned` (from, to, by) in the same transaction; its after-commit subscriber
 * announces `conversation:updated` to the team and `inbox:notification` to the new assignee
 * unless they assigned themselves. Assigning to the current assignee changes and records nothing.
 * @throws AppError 'not-found' (another organisation's or team's conversation, or none);
 *   'assignee-not-in-team' (422: the user is not a member of the conversation's team, whatever
 *   their organisation).
 */
export async function assignConversation(
  deps: AppDeps,
  ctx: RequestContext,
  { id, userId }: AssignConversationOptions,
): Promise<Conversation> {
  return transactionWithEvents(deps, async (tx) => {
    const [current] = await tx.select().from(conversations).where(conversationById(ctx, id)).for('update');
    authorizeConversation(ctx, 'conversation.assign', current);
    if (userId !== null) {
      const membership = await listMemberships(
        deps,
        { organizationId: ctx.organizationId, teamIds: [current.teamId], userId },
        tx,
      );
      if (membership.length === 0)
        throw new AppError(
          'assignee-not-in-team',
          "The assignee is not a member of the conversation's team",
          {
            userId,
          },
        );
    }
    if (current.assigneeId !== userId) {
      await tx
        .update(conversations)
        .set({ assigneeId: userId, version: sql`${conversations.version} + 1` })
        .where(eq(conversations.id, id));
      await recordEvent(tx, {
        name: 'conversation.assigned',
        organizationId: ctx.organizationId,
        actorUserId: ctx.userId,
        payload: {
          conversationId: id,
          teamId: current.teamId,
          from: current.assigneeId,
          to: userId,
          reason: 'assigned',
        },
      });
    }
    return (await loadConversationView(tx, eq(conversations.id, id)))!;
  });
}
