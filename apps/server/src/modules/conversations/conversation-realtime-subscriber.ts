import type { DomainEvent } from '@accueil/domain';
import { and, eq } from 'drizzle-orm';
import { conversations } from '../../db/schema/conversations';
import { defineSubscriber } from '../../events/event-subscriber';
import { getUserNames } from '../users/index';
import { announceConversation, notifyUser } from './conversation-events';
import { loadConversationView } from './conversation-views';

/** The conversations' events announced to the team. */
type ConversationEventName =
  | 'conversation.archived'
  | 'conversation.assigned'
  | 'conversation.snoozed'
  | 'conversation.unsnoozed'
  | 'conversation.labelled';

/**
 * Realtime of conversations' domain events, run right after the change's commit in the process
 * that made it (`after-commit`: at most once; a lost one is made good by the web's refetch on
 * reconnect, docs/behaviour/realtime.md): on `conversation.archived` and
 * `conversation.assigned`, `conversation.snoozed`, `conversation.unsnoozed` and
 * `conversation.labelled` (docs/behaviour/labels.md), `conversation:updated` to its team with the conversation as it is
 * now; on an assignment to someone other than its actor, `inbox:notification` (`assigned`, by
 * the actor) to the new assignee's room (docs/behaviour/assignment.md); on a snooze woken at its
 * time, `inbox:notification` (`snooze-ended`) to the assignee's room (docs/behaviour/snooze.md).
 */
export const conversationRealtimeSubscriber = defineSubscriber({
  name: 'conversations.realtime',
  events: [
    'conversation.archived',
    'conversation.assigned',
    'conversation.snoozed',
    'conversation.unsnoozed',
    'conversation.labelled',
  ],
  delivery: 'after-commit',
  handle: async (deps, event: DomainEvent<ConversationEventName>) => {
    const view = await loadConversationView(
      deps.db,
      and(
        eq(conversations.organizationId, event.organizationId),
        eq(conversations.id, event.payload.conversationId),
      )!,
    );
    if (!view) return;
    announceConversation(deps, view);
    if (event.name === 'conversation.unsnoozed') {
      // Woken at its time: its assignee is told (docs/behaviour/snooze.md); a member's own undo is not news.
      if (event.payload.reason === 'time' && view.assignee)
        notifyUser(deps, view.assignee.id, { kind: 'snooze-ended', conversation: view, by: null });
      return;
    }
    if (event.name !== 'conversation.assigned') return;
    const { to } = event.payload;
    const by = event.actorUserId;
    // The assignee reads the event's `to`, not the row's: a later change may have moved it on,
    // and that one notifies its own assignee.
    if (!to || to === by || view.assignee?.id !== to) return;
    const names = by ? await getUserNames(deps, event.organizationId, [by]) : new Map<string, string>();
    notifyUser(deps, to, {
      kind: 'assigned',
      conversation: view,
      by: by ? { id: by, name: names.get(by) ?? '' } : null,
    });
  },
});
