import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api';

/**
 * Server state cache. Client errors (4xx) are not retried: they will not get better;
 * transport and server failures are retried twice.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (failureCount, error) => {
          if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
          return failureCount < 2;
        },
      },
      mutations: { retry: false },
    },
  });
}
