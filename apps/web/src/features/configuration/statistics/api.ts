import {
  statisticsEndpoints as endpoints,
  type StatisticsRecipient,
  type StatisticsRecipientRequest,
} from '@accueil/domain';
import { api } from '../../../lib/endpoint-client';

/** Query keys of the statistics tab: the weekly report's recipients. */
export const statisticsRecipientKeys = {
  all: ['statistics', 'recipients'] as const,
};

export const fetchStatisticsRecipients = (signal?: AbortSignal): Promise<StatisticsRecipient[]> =>
  api.call(endpoints.listRecipients, { signal });

export const addStatisticsRecipient = (body: StatisticsRecipientRequest): Promise<StatisticsRecipient> =>
  api.call(endpoints.addRecipient, { body });

export const removeStatisticsRecipient = (id: string): Promise<void> =>
  api.call(endpoints.removeRecipient, { params: { id } });
