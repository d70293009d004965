import type { DomainEvent } from '@accueil/domain';
import { and, eq } from 'drizzle-orm';
import { conversations } from '../../db/schema/conversations';
import { defineSubscriber } from '../../events/event-subscriber';
import { announceConversation } from './conversation-events';
import { loadConversationView } from './conversation-views';

/**
 * Realtime of conversations' domain events, run right after the change's commit in the process
 * that made it (`after-commit`: at most once; a lost one is made good by the web's refetch on
 * reconnect, docs/behaviour/realtime.md): on `conversation.archived`, `conversation:updated`
 * to its team with the conversation as it is now.
 */
export const conversationRealtimeSubscriber = defineSubscriber({
  name: 'conversations.realtime',
  events: ['conversation.archived'],
  delivery: 'after-commit',
  handle: async (deps, event: DomainEvent<'conversation.archived'>) => {
    const view = await loadConversationView(
      deps.db,
      and(
        eq(conversations.organizationId, event.organizationId),
        eq(conversations.id, event.payload.conversationId),
      )!,
    );
    if (view) announceConversation(deps, view);
  },
});
