import {
  serviceNotice,
  serviceStatusEndpoints,
  SERVICE_STATUS_POLL_MS,
  type ServiceNotice,
  type ServiceStatus,
  type UpdateServiceStatus,
} from '@accueil/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api } from '../../lib/endpoint-client';
import { useRealtimeEvent } from '../../lib/realtime';

/** The service status's cache key: one for the whole app. */
export const serviceStatusKey = ['service-status'] as const;

/** How often what shows is evaluated again (a planned window starts or ends between polls). */
const NOTICE_TICK_MS = 60_000;

/**
 * The service's status (GET /api/status, anyone): asked when the app starts and every 2 minutes
 * (`SERVICE_STATUS_POLL_MS`), also in a background tab; replaced at once by
 * `service-status:updated` for a signed-in browser. A failed poll keeps the last status.
 */
export function useServiceStatus() {
  const client = useQueryClient();
  useRealtimeEvent('service-status:updated', ({ status }) => client.setQueryData(serviceStatusKey, status));
  return useQuery({
    queryKey: serviceStatusKey,
    queryFn: ({ signal }) => api.call(serviceStatusEndpoints.getStatus, { signal }),
    refetchInterval: SERVICE_STATUS_POLL_MS,
    refetchIntervalInBackground: true,
    staleTime: SERVICE_STATUS_POLL_MS / 2,
    retry: false,
  });
}

/** What the status shows now (`serviceNotice`), evaluated again every minute; null while unknown or when nothing shows. */
export function useServiceNotice(): { notice: ServiceNotice | null; status: ServiceStatus | undefined } {
  const { data } = useServiceStatus();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), NOTICE_TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return { notice: data ? serviceNotice(data, new Date(now)) : null, status: data };
}

/** Sets the service's status (PUT /api/devops/status, devops); the answer replaces the cached one. */
export function useUpdateServiceStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateServiceStatus) => api.call(serviceStatusEndpoints.updateStatus, { body }),
    onSuccess: (status) => client.setQueryData(serviceStatusKey, status),
  });
}
