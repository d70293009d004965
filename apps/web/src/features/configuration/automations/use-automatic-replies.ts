import { automaticReplyEndpoints, type PutAutomaticReplyRequest } from '@accueil/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { api } from '../../../lib/endpoint-client';
import { notifyError, notifySuccess } from '../../../lib/notify';

/** Query keys of the automatic replies: the organisation's and every team's, one list. */
export const automaticReplyKeys = {
  all: ['automatic-replies'] as const,
};

/** Every automatic reply of the organisation and its teams (GET /api/automatic-replies). */
export function useAutomaticReplies() {
  return useQuery({
    queryKey: automaticReplyKeys.all,
    queryFn: ({ signal }) => api.call(automaticReplyEndpoints.list, { signal }),
  });
}

/**
 * Saving one reply (PUT, the organisation's or a team's own) and letting a team follow the
 * organisation's again (DELETE of the team's own); each announces itself and refetches the list.
 */
export function useAutomaticReplyMutations() {
  const intl = useIntl();
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: automaticReplyKeys.all });
  const save = useMutation({
    mutationFn: (body: PutAutomaticReplyRequest) => api.call(automaticReplyEndpoints.put, { body }),
    onSuccess: async () => {
      notifySuccess(intl.formatMessage({ id: 'automations.saved' }));
      await refresh();
    },
    onError: (e) => notifyError(e),
  });
  const follow = useMutation({
    mutationFn: (id: string) => api.call(automaticReplyEndpoints.delete, { params: { id } }),
    onSuccess: async () => {
      notifySuccess(intl.formatMessage({ id: 'automations.followsNow' }));
      await refresh();
    },
    onError: (e) => notifyError(e),
  });
  return { save, follow };
}
