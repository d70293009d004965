import { conversationEndpoints, type DeletedConversation } from '@accueil/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { api } from '../../../lib/endpoint-client';
import { formatPhone } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { conversationKeys } from '../../conversations/api';

/** The name a deleted conversation is shown and announced by: its contact's, else its number. */
export const deletedConversationName = (c: DeletedConversation) =>
  c.contactName ?? formatPhone(c.friendlyName);

/** The organisation's deleted conversations still restorable (administrators). */
export function useDeletedConversations() {
  return useQuery({
    queryKey: conversationKeys.deleted(),
    queryFn: async ({ signal }) => (await api.call(conversationEndpoints.listDeleted, { signal })).items,
  });
}

/**
 * Restores a deleted conversation to its team's inbox: announced by name, then every
 * conversations list (this one and the inboxes) refetched; a refusal is a toast.
 */
export function useRestoreConversation() {
  const intl = useIntl();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (c: DeletedConversation) => api.call(conversationEndpoints.restore, { params: { id: c.id } }),
    onSuccess: (_restored, c) => {
      notifySuccess(
        intl.formatMessage({ id: 'deletedConversations.restored' }, { name: deletedConversationName(c) }),
      );
      void client.invalidateQueries({ queryKey: conversationKeys.all });
    },
    onError: (error) => notifyError(error),
  });
}
