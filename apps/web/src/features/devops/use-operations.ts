import { useQuery } from '@tanstack/react-query';
import { fetchHealth, operationsKeys } from './operations-api';

/** How often the health panel reads the installation's health again while it is open (ms). */
export const HEALTH_REFRESH_MS = 15_000;

/** The installation's health (GET /api/devops/health), read again every {@link HEALTH_REFRESH_MS}. */
export function useHealth() {
  return useQuery({
    queryKey: operationsKeys.health,
    queryFn: ({ signal }) => fetchHealth(signal),
    refetchInterval: HEALTH_REFRESH_MS,
  });
}
