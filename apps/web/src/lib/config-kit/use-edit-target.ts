import { useState } from 'react';

/**
 * What a configuration screen's edit dialog is open on: `null` (closed), `'new'` (adding one) or
 * a row. The row is kept by its id and looked up in `rows` at each render, so the dialog shows the
 * row as the latest list has it (after a save refreshes it), and closes (`null`) once it is gone.
 */
export function useEditTarget<T extends { id: string }>(rows: readonly T[] | undefined) {
  const [target, setTarget] = useState<T | 'new' | null>(null);
  const current: T | 'new' | null =
    target === 'new' || target === null ? target : (rows?.find((r) => r.id === target.id) ?? null);
  return { current, open: (next: T | 'new') => setTarget(next), close: () => setTarget(null) };
}
