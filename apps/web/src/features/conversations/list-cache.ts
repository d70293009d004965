import type {
  Conversation,
  ConversationListStatus,
  ConversationPage,
  ConversationView,
  Message,
} from '@accueil/domain';
import type { InfiniteData } from '@tanstack/react-query';
import { insertionIndex, listOf } from './conversation-order';
import { isNewerVersion } from './stale-events';

/** The cached pages of one conversation list (TanStack Query infinite data). */
export type ListData = InfiniteData<ConversationPage, string | undefined>;

/**
 * Which list a cache entry holds: its status (`all`: both lists, searched), its search term
 * ('' for none), its view (absent: `all`) and, for the view Mine, whose it is (`me`, the
 * signed-in user's id).
 */
export interface ListScope {
  status: ConversationListStatus;
  search: string;
  view?: ConversationView;
  me?: string | null;
  /** The list's label filter ('' or absent: none; docs/behaviour/labels.md). */
  labelId?: string;
}

/**
 * The conversation with the labels of `known` when it comes without them (an inbound text's
 * announcement leaves them out: docs/behaviour/labels.md), else as it is.
 */
export function withKnownLabels(conversation: Conversation, known: Conversation | undefined): Conversation {
  return conversation.labels === undefined && known?.labels !== undefined
    ? { ...conversation, labels: known.labels }
    : conversation;
}

/** Whether a conversation belongs to a list's view (docs/behaviour/assignment.md, "Views and counts"). */
export function inView(conversation: Conversation, scope: ListScope): boolean {
  // A list filtered by a label holds only the conversations carrying it (docs/behaviour/labels.md).
  if (scope.labelId && !(conversation.labels ?? []).some((l) => l.id === scope.labelId)) return false;
  const assignee = conversation.assignee?.id ?? null;
  const view = scope.view ?? 'all';
  if (view === 'mine') return assignee !== null && assignee === scope.me;
  if (view === 'unassigned') return assignee === null;
  return true;
}

/**
 * Rebuilds the pages with the same sizes as before (the last page takes the difference),
 * keeping each page's `nextCursor`: keyset cursors do not depend on what the client holds.
 */
function rechunk(data: ListData, items: Conversation[]): ListData {
  let offset = 0;
  const pages = data.pages.map((page, i) => {
    const isLast = i === data.pages.length - 1;
    const size = isLast ? items.length - offset : Math.min(page.items.length, items.length - offset);
    const slice = items.slice(offset, offset + Math.max(0, size));
    offset += slice.length;
    return { ...page, items: slice };
  });
  return { ...data, pages };
}

/**
 * Applies a `conversation:updated` to one cached list. Stale versions are dropped. The row is
 * removed from the list and, when it still belongs there (same list — active, archived or
 * snoozed — and view; a searched list only
 * updates rows it already shows, since only the server knows what matches), put back where the
 * server's order puts it. A row that would land after everything loaded while more pages exist
 * is left out: it comes with a later page.
 */
export function applyConversationToList(
  data: ListData | undefined,
  incoming: Conversation,
  scope: ListScope,
): ListData | undefined {
  if (!data) return data;
  const items = data.pages.flatMap((p) => p.items);
  const existing = items.find((c) => c.id === incoming.id);
  const conversation = withKnownLabels(incoming, existing);
  if (existing && !isNewerVersion(existing, conversation)) return data;
  if (scope.status === 'all') {
    // Both lists searched: only the server knows what matches and where; rows it returned are
    // updated in place (keeping their `match`), others wait for the next search.
    if (!existing) return data;
    return rechunk(
      data,
      items.map((c) => (c.id === conversation.id ? { ...c, ...conversation, match: c.match } : c)),
    );
  }
  const rest = items.filter((c) => c.id !== conversation.id);
  const belongs =
    listOf(conversation) === scope.status &&
    inView(conversation, scope) &&
    // Only the server knows what a search matches and where someone was mentioned: such lists
    // only update the rows they already show.
    ((scope.search === '' && scope.view !== 'mentions') || existing !== undefined);
  if (belongs) {
    const at = insertionIndex(scope.status, rest, conversation);
    const hasMore = data.pages.at(-1)?.nextCursor != null;
    if (at < rest.length || !hasMore) rest.splice(at, 0, conversation);
  }
  if (!existing && rest.length === items.length) return data;
  return rechunk(data, rest);
}

/** Applies a `conversation:removed` to one cached list. */
export function removeConversationFromList(data: ListData | undefined, id: string): ListData | undefined {
  if (!data) return data;
  const items = data.pages.flatMap((p) => p.items);
  if (!items.some((c) => c.id === id)) return data;
  return rechunk(
    data,
    items.filter((c) => c.id !== id),
  );
}

/**
 * Shows a `message:created` in a list row right away (preview, time, order) without waiting
 * for the conversation's own event: the row takes the message as `lastMessage` when its `seq`
 * is the newest, and its `updatedAt` moves forward. The row's `version` is kept, so the
 * server's `conversation:updated` (higher version) still applies on top.
 */
export function applyMessageToList(
  data: ListData | undefined,
  message: Message,
  scope: ListScope,
): ListData | undefined {
  // An internal note is not the conversation's last message and does not reorder the list
  // (docs/behaviour/notes-and-presence.md): its event's conversation carries the new version.
  if (!data || message.direction === 'note') return data;
  const items = data.pages.flatMap((p) => p.items);
  const existing = items.find((c) => c.id === message.conversationId);
  if (!existing || message.seq < existing.lastSeq) return data;
  if (
    existing.lastMessage &&
    existing.lastMessage.id === message.id &&
    !isNewerVersion(existing.lastMessage, message)
  ) {
    return data;
  }
  const updatedAt =
    Date.parse(message.createdAt) > Date.parse(existing.updatedAt) ? message.createdAt : existing.updatedAt;
  const next: Conversation = { ...existing, lastMessage: message, lastSeq: message.seq, updatedAt };
  if (scope.status === 'all')
    return rechunk(
      data,
      items.map((c) => (c.id === next.id ? next : c)),
    );
  const rest = items.filter((c) => c.id !== existing.id);
  // A text wakes a snoozed conversation: the conversation its event carries (a higher version) moves it to the active list.
  rest.splice(insertionIndex(scope.status, rest, next), 0, next);
  return rechunk(data, rest);
}
