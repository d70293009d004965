import type { Conversation, UpdateConversationRequest } from '@accueil/domain';
import { eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { conversations } from '../../db/schema/conversations';
import { recordEvent } from '../../events/record-event';
import { transactionWithEvents } from '../../events/transaction-with-events';
import type { RequestContext } from '../../http/request-context';
import { announceConversation } from './conversation-events';
import { loadConversationView } from './conversation-views';
import { authorizeConversation, conversationById } from './conversations.policy';

/** Which conversation, and what changes (`status` and/or `attributes`, merged into the stored ones). */
export type UpdateConversationOptions = { id: string; changes: UpdateConversationRequest };

/**
 * PUT /api/conversations/:id: `status` (archive, unarchive) and/or `attributes` (merged:
 * pin, read/unread). Any change bumps `version` and announces `conversation:updated`; only a
 * status change moves `updatedAt` (the lists' "latest update"), so reading or pinning does not
 * reorder the list. A request that changes nothing writes and announces nothing. Archiving
 * (`status` to `inactive`) records `conversation.archived` in the same transaction, dispatched
 * after the commit (docs/behaviour/events.md), whose realtime subscriber announces it.
 * @throws AppError 'not-found'; 'forbidden' when the rules refuse the change (archiving is its own action).
 */
export async function updateConversation(
  deps: AppDeps,
  ctx: RequestContext,
  { id, changes }: UpdateConversationOptions,
): Promise<Conversation> {
  const result = await transactionWithEvents(deps, async (tx) => {
    const [current] = await tx.select().from(conversations).where(conversationById(ctx, id)).for('update');
    authorizeConversation(ctx, 'conversation.update', current);
    if (changes.status !== undefined && changes.status !== current.status)
      authorizeConversation(ctx, 'conversation.archive', current);
    const attributes = { ...current.attributes, ...changes.attributes };
    const statusChanged = changes.status !== undefined && changes.status !== current.status;
    const attributesChanged = JSON.stringify(attributes) !== JSON.stringify(current.attributes);
    if (!statusChanged && !attributesChanged)
      return {
        announce: false,
        view: (await loadConversationView(tx, eq(conversations.id, id)))!,
      };
    await tx
      .update(conversations)
      .set({
        attributes,
        ...(statusChanged ? { status: changes.status, updatedAt: new Date() } : {}),
        // Archiving ends a snooze (docs/behaviour/snooze.md): the archived list has none.
        ...(statusChanged && changes.status === 'inactive' ? { snoozedUntil: null, snoozedBy: null } : {}),
        version: sql`${conversations.version} + 1`,
      })
      .where(eq(conversations.id, id));
    const archived = statusChanged && changes.status === 'inactive';
    if (archived)
      await recordEvent(tx, {
        name: 'conversation.archived',
        organizationId: ctx.organizationId,
        actorUserId: ctx.userId,
        payload: { conversationId: id },
      });
    // An archive is announced by the event's realtime subscriber.
    return { announce: !archived, view: (await loadConversationView(tx, eq(conversations.id, id)))! };
  });
  if (result.announce) announceConversation(deps, result.view);
  return result.view;
}
