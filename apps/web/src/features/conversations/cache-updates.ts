import { CONVERSATION_VIEWS, type Conversation, type ConversationView, type Message } from '@accueil/domain';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { getSessionState } from '../../lib/session-store';
import { conversationKeys } from './api';
import {
  applyConversationToList,
  applyMessageToList,
  removeConversationFromList,
  withKnownLabels,
  type ListData,
  type ListScope,
} from './list-cache';
import { applyMessageToMessages, type MessagesData } from './message-cache';
import { isNewerVersion } from './stale-events';

/**
 * Reads the list scope back from a `conversationKeys.list` key; the view Mine is the
 * signed-in user's (read from the session when the event arrives).
 */
function scopeOf(key: QueryKey): ListScope | null {
  const [, , status, search, view, labelId] = key;
  if (status !== 'active' && status !== 'inactive' && status !== 'snoozed' && status !== 'all') return null;
  return {
    status,
    search: typeof search === 'string' ? search : '',
    view: CONVERSATION_VIEWS.includes(view as ConversationView) ? (view as ConversationView) : 'all',
    labelId: typeof labelId === 'string' ? labelId : '',
    me: getSessionState().context?.user.id ?? null,
  };
}

/** Counts that any change of a conversation may move: unread badges and the views' counts. */
function refreshCounts(client: QueryClient): void {
  void client.invalidateQueries({ queryKey: conversationKeys.unreadCounts() });
  void client.invalidateQueries({ queryKey: conversationKeys.viewCounts() });
}

function forEachList(
  client: QueryClient,
  update: (data: ListData | undefined, scope: ListScope) => ListData | undefined,
) {
  for (const [key] of client.getQueriesData<ListData>({ queryKey: conversationKeys.lists() })) {
    const scope = scopeOf(key);
    if (scope) client.setQueryData<ListData>(key, (data) => update(data, scope));
  }
}

/**
 * Puts a newer version of a conversation into every cache that shows it (every list, its
 * detail) and refreshes the unread badges and the views' counts. Used for realtime events and for the answers of
 * the row actions (pin, archive, read/unread), which are the same shape.
 */
export function storeConversation(client: QueryClient, conversation: Conversation): void {
  storeConversations(client, [conversation]);
}

/**
 * {@link storeConversation} for several at once (a bulk action's answers): each goes into every
 * cache, and the counts are refreshed once.
 */
export function storeConversations(client: QueryClient, conversations: readonly Conversation[]): void {
  for (const conversation of conversations) {
    forEachList(client, (data, scope) => applyConversationToList(data, conversation, scope));
    client.setQueryData<Conversation>(conversationKeys.detail(conversation.id), (current) =>
      current === undefined || isNewerVersion(current, conversation)
        ? withKnownLabels(conversation, current)
        : current,
    );
  }
  refreshCounts(client);
}

/** Forgets a deleted conversation everywhere. */
export function forgetConversation(client: QueryClient, id: string): void {
  forEachList(client, (data) => removeConversationFromList(data, id));
  client.removeQueries({ queryKey: conversationKeys.detail(id) });
  client.removeQueries({ queryKey: conversationKeys.messages(id) });
  refreshCounts(client);
}

/**
 * Puts a new or changed message into its conversation's messages and the list previews. When
 * the conversation's first page is still loading, that load may have been read before this
 * message was committed (it would then never show until a reload): it is started again instead.
 */
export function storeMessage(client: QueryClient, message: Message): void {
  const key = conversationKeys.messages(message.conversationId);
  const state = client.getQueryState<MessagesData>(key);
  if (state && state.data === undefined && state.fetchStatus === 'fetching') {
    // Cancelled first: a first load in flight is otherwise shared, not restarted, by a refetch.
    void client.cancelQueries({ queryKey: key }).then(() => client.refetchQueries({ queryKey: key }));
  } else {
    client.setQueryData<MessagesData>(key, (data) => applyMessageToMessages(data, message));
  }
  forEachList(client, (data, scope) => applyMessageToList(data, message, scope));
}
