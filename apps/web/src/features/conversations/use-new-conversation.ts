import type { Conversation } from '@accueil/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchContactPage } from '../contacts/api';
import { contactKeys } from '../contacts/keys';
import { conversationKeys, createConversation, lookupPhone } from './api';
import { storeConversation } from './cache-updates';

/** What exists for a number (GET /api/conversations/lookup): read only while `enabled` and a number is given. */
export function usePhoneLookup(phone: string | null, enabled: boolean) {
  return useQuery({
    queryKey: conversationKeys.lookup(phone ?? ''),
    queryFn: ({ signal }) => lookupPhone(phone!, signal),
    enabled: enabled && phone !== null,
  });
}

/** The first `limit` contacts whose name matches `term` (the dialog's suggestions); nothing for an empty term. */
export function useContactMatches(term: string, limit: number, enabled: boolean) {
  return useQuery({
    queryKey: contactKeys.pick(term),
    queryFn: ({ signal }) => fetchContactPage(term, limit, null, signal),
    enabled: enabled && term !== '',
  });
}

/**
 * Starts a conversation (`POST /api/conversations`, an optional first message): the answer is
 * stored in the conversation caches and the lists are refetched. `mutateAsync` rejects with the
 * refusal (an existing conversation, an invalid number) for the dialog to show.
 */
export function useCreateConversation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { to: string; body?: string }) => createConversation(input),
    onSuccess: (conversation: Conversation) => {
      storeConversation(client, conversation);
      void client.invalidateQueries({ queryKey: conversationKeys.lists() });
    },
  });
}
