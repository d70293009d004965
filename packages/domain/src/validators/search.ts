import { SEARCH_MIN_CHARS } from '../constants';

/**
 * Search needs at least 3 characters (after trimming). Returns the trimmed term to search
 * for, `null` when there is nothing to search, or `'too-short'`.
 */
// eslint-disable-next-line @typescript-eslint/no-redundant-type-constituents -- the literal names the sentinel for readers
export function normalizeSearch(raw: string | null | undefined): string | null | 'too-short' {
  const term = (raw ?? '').trim();
  if (term.length === 0) return null;
  return [...term].length < SEARCH_MIN_CHARS ? 'too-short' : term;
}
