import { and, eq, isNull, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { conversations } from '../../db/schema/conversations';
import { recordEvent } from '../../events/record-event';
import { transactionWithEvents } from '../../events/transaction-with-events';

/** The snooze a job wakes: the conversation, and the end it was sent for (ISO instant). */
export type WakeSnoozedConversationOptions = {
  organizationId: string;
  conversationId: string;
  until: string;
};

/**
 * The `wake-snoozed-conversation` job's work (docs/behaviour/snooze.md): if the conversation is
 * still snoozed until exactly `until` (not since woken by a text or a member, archived, deleted,
 * or snoozed to another end), it comes back to the top of the active list (`updatedAt` now),
 * `version` bumped, and `conversation.unsnoozed` (`time`, no actor) is recorded: its realtime
 * subscriber announces it and notifies the assignee. Runs in the organisation's scope.
 * Answers whether it woke the conversation (a second run does nothing).
 */
export async function wakeSnoozedConversation(
  deps: AppDeps,
  { organizationId, conversationId, until }: WakeSnoozedConversationOptions,
): Promise<boolean> {
  return transactionWithEvents(deps, async (tx) => {
    const [woken] = await tx
      .update(conversations)
      .set({
        snoozedUntil: null,
        snoozedBy: null,
        updatedAt: new Date(),
        version: sql`${conversations.version} + 1`,
      })
      .where(
        and(
          eq(conversations.organizationId, organizationId),
          eq(conversations.id, conversationId),
          isNull(conversations.deletedAt),
          eq(conversations.snoozedUntil, new Date(until)),
        ),
      )
      .returning({ teamId: conversations.teamId });
    if (!woken) return false;
    await recordEvent(tx, {
      name: 'conversation.unsnoozed',
      organizationId,
      actorUserId: null,
      payload: { conversationId, teamId: woken.teamId, reason: 'time' },
    });
    return true;
  });
}
