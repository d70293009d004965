import type { Conversation } from '@accueil/domain';
import { eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { conversations } from '../../db/schema/conversations';
import { recordEvent } from '../../events/record-event';
import { transactionWithEvents } from '../../events/transaction-with-events';
import type { RequestContext } from '../../http/request-context';
import { replaceConversationLabels } from '../labels/index';
import { loadConversationView } from './conversation-views';
import { authorizeConversation, conversationById } from './conversations.policy';

/**
 * PUT /api/conversations/:id/labels `{ labelIds }` (docs/behaviour/labels.md): a member of the
 * conversation's team (the `conversation.update` rule: labels are flags, like a pin) makes
 * `labelIds` its whole set of labels. When the set changes: `version` bumped (not `updatedAt`:
 * the list's order stays), `conversation.labelled` recorded with the ids added and removed, and
 * its realtime subscriber announces `conversation:updated` to the team. The same set again
 * answers the conversation unchanged, with no event.
 * @throws AppError 'not-found' (another organisation's or team's conversation, or none);
 *   'label-not-found' (422: an id that is not one of the organisation's labels).
 */
export async function setConversationLabels(
  deps: AppDeps,
  ctx: RequestContext,
  { id, labelIds }: { id: string; labelIds: readonly string[] },
): Promise<Conversation> {
  return transactionWithEvents(deps, async (tx) => {
    const [current] = await tx.select().from(conversations).where(conversationById(ctx, id)).for('update');
    authorizeConversation(ctx, 'conversation.update', current);
    const { added, removed } = await replaceConversationLabels(tx, ctx.organizationId, id, labelIds);
    if (added.length || removed.length) {
      await tx
        .update(conversations)
        .set({ version: sql`${conversations.version} + 1` })
        .where(eq(conversations.id, id));
      await recordEvent(tx, {
        name: 'conversation.labelled',
        organizationId: ctx.organizationId,
        actorUserId: ctx.userId,
        payload: { conversationId: id, teamId: current.teamId, added, removed },
      });
    }
    return (await loadConversationView(tx, eq(conversations.id, id)))!;
  });
}
