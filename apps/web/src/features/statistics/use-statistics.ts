import type { StatisticsQuery } from '@accueil/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { notifyError } from '../../lib/notify';
import { fetchStatisticsReport, refreshStatistics, statisticsKeys } from './api';

/**
 * The figures of a span (GET /api/statistics). The previous span's figures stay on screen while
 * the next one loads, so the charts do not blink when the range changes.
 */
export function useStatisticsReport(query: StatisticsQuery) {
  return useQuery({
    queryKey: statisticsKeys.report(query),
    queryFn: ({ signal }) => fetchStatisticsReport(query, signal),
    placeholderData: keepPreviousData,
  });
}

/** Brings the organisation's recent figures up to date now (POST /api/statistics/rollups), then refetches every report. */
export function useRefreshStatistics() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: refreshStatistics,
    onSuccess: () => client.invalidateQueries({ queryKey: statisticsKeys.all }),
    onError: (error) => notifyError(error),
  });
}
