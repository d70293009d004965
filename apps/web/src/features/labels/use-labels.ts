import type { Conversation } from '@accueil/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { notifyError } from '../../lib/notify';
import { storeConversation } from '../conversations/cache-updates';
import { fetchLabels, labelKeys, setConversationLabels } from './api';

/** The organisation's labels (every member reads them); kept until `labels:changed` or a reconnect. */
export function useLabels() {
  return useQuery({
    queryKey: labelKeys.all,
    queryFn: ({ signal }) => fetchLabels(signal),
    staleTime: Infinity,
  });
}

/**
 * Sets a conversation's labels (the whole set, docs/behaviour/labels.md); the answer goes to
 * every cache that shows it. Refusals are toasts (and `onFailed`, for the caller's own state).
 */
export function useSetConversationLabels() {
  const client = useQueryClient();
  const mutation = useMutation({
    mutationFn: ({ id, labelIds }: { id: string; labelIds: string[] }) => setConversationLabels(id, labelIds),
    onSuccess: (conversation: Conversation) => storeConversation(client, conversation),
    onError: (error) => notifyError(error, 'labels.error.set'),
  });
  return (conversation: Conversation, labelIds: string[], onFailed?: () => void) =>
    mutation.mutate({ id: conversation.id, labelIds }, { onError: onFailed });
}
