import type { Conversation, ConversationStatus } from '@accueil/domain';

/**
 * The lists of the inbox one at a time (a search reads `all`): active, archived (`inactive`) and
 * snoozed (docs/behaviour/snooze.md).
 */
export type InboxList = ConversationStatus | 'snoozed';

/**
 * Which list a conversation is in: archived, snoozed (active with `snoozedUntil`), or active.
 */
export function listOf(conversation: Pick<Conversation, 'status' | 'snoozedUntil'>): InboxList {
  if (conversation.status === 'inactive') return 'inactive';
  return conversation.snoozedUntil ? 'snoozed' : 'active';
}

/**
 * Conversations screen ordering, the same the server uses for `GET /api/conversations`:
 * active lists show pinned conversations first, then the latest update first; archived
 * (inactive) and snoozed lists show the latest update first. Ties fall back to the id (descending) so the
 * order is total and stable. Returns < 0 when `a` comes before `b`.
 */
export function compareConversations(status: InboxList, a: Conversation, b: Conversation): number {
  if (status === 'active') {
    const pinned = Number(Boolean(b.attributes.pinned)) - Number(Boolean(a.attributes.pinned));
    if (pinned !== 0) return pinned;
  }
  const byUpdate = Date.parse(b.updatedAt) - Date.parse(a.updatedAt);
  if (byUpdate !== 0) return byUpdate;
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}

/** A new array of `list` in the order of {@link compareConversations} for `status`. */
export function sortConversations(status: InboxList, list: readonly Conversation[]): Conversation[] {
  return [...list].sort((a, b) => compareConversations(status, a, b));
}

/**
 * Index at which `conversation` goes into the already ordered `list` (binary search), so a
 * realtime update lands where the server would have put it.
 */
export function insertionIndex(
  status: InboxList,
  list: readonly Conversation[],
  conversation: Conversation,
): number {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (compareConversations(status, list[mid]!, conversation) <= 0) low = mid + 1;
    else high = mid;
  }
  return low;
}

/**
 * The conversation to open after archiving `id` (as Front does): the one below it in the list,
 * else the one above; undefined when it is alone or not in the list.
 */
export function nextAfterArchive<T extends { id: string }>(items: readonly T[], id: string): T | undefined {
  const index = items.findIndex((c) => c.id === id);
  return index < 0 ? undefined : (items[index + 1] ?? items[index - 1]);
}
