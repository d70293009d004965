import type { PostLocale, PostSearchQuery } from '@accueil/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { createPostLink, getConsultationAccess, getPost, getPublicPost, searchPosts } from './api';

/** Query keys of the library: everything under `['posts']`. */
export const postKeys = {
  all: ['posts'] as const,
  search: (query: PostSearchQuery) => ['posts', 'search', query] as const,
  one: (id: string, locale: PostLocale | undefined) => ['posts', 'one', id, locale ?? 'default'] as const,
  publicPage: (clinicId: string, postId: string, locale: PostLocale | undefined) =>
    ['posts', 'public', clinicId, postId, locale ?? 'default'] as const,
};

/** The posts a search finds; the previous answer stays shown while the next one loads. */
export function usePostSearch(query: PostSearchQuery, enabled = true) {
  return useQuery({
    queryKey: postKeys.search(query),
    queryFn: ({ signal }) => searchPosts(query, signal),
    placeholderData: keepPreviousData,
    enabled,
    retry: false,
  });
}

/** One post with its sections in `locale` (default: the post's fr-CA, else its first). */
export function usePost(id: string | undefined, locale?: PostLocale) {
  return useQuery({
    queryKey: postKeys.one(id ?? '', locale),
    queryFn: ({ signal }) => getPost(id!, locale, signal),
    enabled: Boolean(id),
    retry: false,
  });
}

/** A published post's public page. */
export function usePublicPost(clinicId: string, postId: string, locale?: PostLocale) {
  return useQuery({
    queryKey: postKeys.publicPage(clinicId, postId, locale),
    queryFn: ({ signal }) => getPublicPost(clinicId, postId, locale, signal),
    retry: false,
  });
}

/** The short link of a post's public page (made on demand: the composer's "send a post"). */
export { createPostLink };

/** Whether the organisation is offered the consultations screen (a configured list; read once per session). */
export function useConsultationAccess() {
  return useQuery({
    queryKey: [...postKeys.all, 'consultation-access'] as const,
    queryFn: ({ signal }) => getConsultationAccess(signal),
    staleTime: Infinity,
  });
}
