import type { ConversationListStatus } from '@accueil/domain';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import {
  conversationKeys,
  fetchConversation,
  fetchConversationPage,
  fetchMessages,
  fetchUnreadCounts,
} from './api';

/**
 * One conversation list (active, archived, or both when searched), loaded page by page
 * through `nextCursor`. Realtime events keep it current, so it is never stale by time.
 */
export function useConversationList(status: ConversationListStatus, search: string) {
  return useInfiniteQuery({
    queryKey: conversationKeys.list(status, search),
    queryFn: ({ pageParam, signal }) => fetchConversationPage(status, search, pageParam, signal),
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
