import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { auditKeys, fetchAuditPage, fetchAuditVerification, type AuditFilters } from './api';

export { auditKeys };

/** The audit log under `filters`, newest first, one page after another (`fetchNextPage`). */
export function useAuditLog(filters: AuditFilters) {
  return useInfiniteQuery({
    queryKey: auditKeys.list(filters),
    queryFn: ({ pageParam, signal }) => fetchAuditPage(filters, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** The state of the organisation's audit chain as the server verified it (`refetch` verifies again). */
export function useAuditVerification() {
  return useQuery({
    queryKey: auditKeys.verification(),
    queryFn: ({ signal }) => fetchAuditVerification(signal),
  });
}
