import {
  statisticsEndpoints as endpoints,
  type StatisticsQuery,
  type StatisticsReport,
} from '@accueil/domain';
import { api } from '../../lib/endpoint-client';

/** Query keys of the statistics screen: one report per span and team. */
export const statisticsKeys = {
  all: ['statistics', 'report'] as const,
  report: (query: StatisticsQuery) => ['statistics', 'report', query] as const,
};

export const fetchStatisticsReport = (
  query: StatisticsQuery,
  signal?: AbortSignal,
): Promise<StatisticsReport> => api.call(endpoints.report, { query, signal });

export const refreshStatistics = (): Promise<void> => api.call(endpoints.refresh, {});
