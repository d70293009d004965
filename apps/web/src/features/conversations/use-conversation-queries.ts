import type { ConversationListStatus, ConversationView } from '@accueil/domain';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import {
  conversationKeys,
  fetchConversation,
  fetchConversationPage,
  fetchMessages,
  fetchUnreadCounts,
  fetchViewCounts,
} from './api';

/**
 * One conversation list (active, archived, or both when searched) of one view (Mine,
 * Unassigned, All), loaded page by page through `nextCursor`. Realtime events keep it
 * current, so it is never stale by time.
 */
export function useConversationList(
  status: ConversationListStatus,
  search: string,
  view: ConversationView = 'all',
  labelId = '',
) {
  return useInfiniteQuery({
    queryKey: conversationKeys.list(status, search, view, labelId),
    queryFn: ({ pageParam, signal }) =>
      fetchConversationPage(status, search, pageParam, signal, view, labelId),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: Infinity,
  });
}

/** Unread badges of the two tabs (`GET /api/conversations/unread-counts`). */
export function useUnreadCounts() {
  return useQuery({
    queryKey: conversationKeys.unreadCounts(),
    queryFn: ({ signal }) => fetchUnreadCounts(signal),
  });
}

/**
 * Counts of the views Mine / Unassigned / All (active conversations); refetched when a
 * realtime event or an action changes a conversation (`storeConversation`) and after a reconnect.
 */
export function useViewCounts() {
  return useQuery({
    queryKey: conversationKeys.viewCounts(),
    queryFn: ({ signal }) => fetchViewCounts(signal),
  });
}

/** The open conversation (header and contact panel). */
export function useConversation(id: string | undefined) {
  return useQuery({
    queryKey: conversationKeys.detail(id ?? ''),
    queryFn: ({ signal }) => fetchConversation(id!, signal),
    enabled: Boolean(id),
    staleTime: Infinity,
  });
}

/**
 * Messages of the open conversation, 15 at a time: the first page is the newest, each
 * next page the older ones (`before=<oldest seq>`), loaded when the reader scrolls up.
 */
export function useMessages(id: string) {
  return useInfiniteQuery({
    queryKey: conversationKeys.messages(id),
    queryFn: ({ pageParam, signal }) => fetchMessages(id, { before: pageParam }, signal),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => (last.hasMore && last.items[0] ? last.items[0].seq : undefined),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}
