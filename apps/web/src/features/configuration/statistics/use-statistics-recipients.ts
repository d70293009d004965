import type { StatisticsRecipientRequest } from '@accueil/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { notifyError, notifySuccess } from '../../../lib/notify';
import {
  addStatisticsRecipient,
  fetchStatisticsRecipients,
  removeStatisticsRecipient,
  statisticsRecipientKeys,
} from './api';

/** The weekly report's recipients (GET /api/statistics/recipients). */
export function useStatisticsRecipients() {
  return useQuery({
    queryKey: statisticsRecipientKeys.all,
    queryFn: ({ signal }) => fetchStatisticsRecipients(signal),
  });
}

/**
 * Adding and removing a recipient: announced, the list refetched. A refused addition is left to
 * the caller (the form shows `email-taken` under its field); a refused removal is a toast.
 */
export function useStatisticsRecipientMutations() {
  const intl = useIntl();
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: statisticsRecipientKeys.all });
  const add = useMutation({
    mutationFn: (body: StatisticsRecipientRequest) => addStatisticsRecipient(body),
    onSuccess: async () => {
      notifySuccess(intl.formatMessage({ id: 'statistics.recipients.added' }));
      await refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (id: string) => removeStatisticsRecipient(id),
    onSuccess: async () => {
      notifySuccess(intl.formatMessage({ id: 'statistics.recipients.removed' }));
      await refresh();
    },
    onError: (error) => notifyError(error),
  });
  return { add, remove };
}
