import type { DomainEvent } from '@accueil/domain';
import { defineSubscriber } from '../../events/event-subscriber';
import { loadConversationViewById, notifyUser } from '../conversations/index';
import { getUserNames } from '../users/index';

/**
 * The mentions of an internal note (docs/behaviour/notes-and-presence.md), right after its
 * commit in the process that wrote it (`after-commit`: at most once; the Mentions view and its
 * count keep the mention, only the toast can be lost): `inbox:notification`
 * `{ kind: 'mention', conversation, by }` to each mentioned user's room (the author excluded by
 * the event's `mentions`).
 */
export const noteMentionSubscriber = defineSubscriber({
  name: 'messages.note-mentions',
  events: ['note.created'],
  delivery: 'after-commit',
  handle: async (deps, event: DomainEvent<'note.created'>) => {
    const { mentions, conversationId } = event.payload;
    if (mentions.length === 0) return;
    const view = await loadConversationViewById(deps.db, conversationId);
    if (!view) return;
    const by = event.actorUserId;
    const names = by ? await getUserNames(deps, event.organizationId, [by]) : new Map<string, string>();
    for (const userId of mentions)
      notifyUser(deps, userId, {
        kind: 'mention',
        conversation: view,
        by: by ? { id: by, name: names.get(by) ?? '' } : null,
      });
  },
});
