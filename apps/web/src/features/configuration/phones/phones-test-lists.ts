import type { QueryClient } from '@tanstack/react-query';
import type { Mock } from 'vitest';
import { phonesKeys } from './api';

/** The Phones tab's lists and the `./api` function fetching each. */
const FETCH = {
  transferExtensions: 'fetchTransferExtensions',
  sipUsers: 'fetchSipUsers',
  greetings: 'fetchGreetings',
} as const;
type ListKey = keyof typeof FETCH;

/**
 * For the Phones tab's tests: puts `rows` in `client`'s cache at list `key` and makes the list's
 * mocked fetch (in the test's `api` mock) answer the same rows, so the refetch that follows a
 * change reads them instead of calling a server that is not there.
 */
export function seedList(
  api: Record<(typeof FETCH)[ListKey], Mock>,
  client: QueryClient,
  key: ListKey,
  rows: unknown[],
): void {
  client.setQueryData(phonesKeys[key], rows);
  api[FETCH[key]].mockResolvedValue(rows);
}
