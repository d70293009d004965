import type { DomainEvent } from '@accueil/domain';
import { defineSubscriber } from '../../events/event-subscriber';
import { wakeSnoozedConversationJob } from './wake-snoozed-conversation.job';

/**
 * A snooze's wake-up (docs/behaviour/snooze.md): on `conversation.snoozed`, sends the
 * `wake-snoozed-conversation` job due at the snooze's end. Queued, so at least once: the snooze
 * and its event commit together, and a process that stops right after the commit still gets its
 * job sent by the event's redelivery (a job sent after the commit by the request would be lost
 * with it, the conversation snoozed for ever). A second job for the same snooze is harmless: the
 * first wakes the conversation, the second finds it no longer snoozed until that instant.
 */
export const scheduleSnoozeWakeSubscriber = defineSubscriber({
  name: 'conversations.schedule-snooze-wake',
  events: ['conversation.snoozed'],
  handle: async (deps, event: DomainEvent<'conversation.snoozed'>) => {
    const { conversationId, until } = event.payload;
    await deps.jobs.send(
      wakeSnoozedConversationJob,
      { organizationId: event.organizationId, conversationId, until },
      { startAfter: new Date(until) },
    );
  },
});
