import type { SynchronizationKind } from '@accueil/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { notifyError } from '../../lib/notify';
import { fetchHealth, operationsKeys, synchronize } from './operations-api';

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

/**
 * Runs one synchronization (POST …/synchronize); the answer is kept as the mutation's data, and
 * the health is read again (a fixed call or text changes nothing there, but the jobs may). A
 * refusal is a toast.
 */
export function useSynchronize() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (kind: SynchronizationKind) => synchronize(kind),
    onSuccess: () => void client.invalidateQueries({ queryKey: operationsKeys.health }),
    onError: (error) => notifyError(error),
  });
}
