import { useEffect, useState } from 'react';

/**
 * `value` once it has not changed for `ms` milliseconds (the search waits for the typing to
 * pause). Mantine's `useDebouncedValue` does the same; imported from the library's lazy chunks it
 * would be split out of, and then added as one more file to, the inbox's first load.
 */
export function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * Whether a role reads every post and writes them: marketing or devops (spec §6; the domain's
 * `isMarketing`, which the server enforces — imported here, the domain's roles module would be
 * split out of the inbox's first load into one more file).
 */
export function readsEveryPost(role: string | undefined): boolean {
  return role === 'marketing' || role === 'devops';
}
