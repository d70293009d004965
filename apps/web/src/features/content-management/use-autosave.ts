import { useEffect, useRef } from 'react';

/** How long the editor waits after the last change before it saves on its own (ms). */
export const AUTOSAVE_DELAY_MS = 2000;

/**
 * Calls `save` once the form has not changed for `AUTOSAVE_DELAY_MS` (docs/behaviour/library.md,
 * "Authoring"), while `enabled` (a post that exists, no save running, no conflict waiting for the
 * author's choice). `changes` is a number raised by every edit: a save is due when it differs
 * from the last one saved.
 */
export function useAutosave(options: {
  changes: number;
  saved: number;
  enabled: boolean;
  save: () => void;
}): void {
  const save = useRef(options.save);
  useEffect(() => {
    save.current = options.save;
  });
  const { changes, saved, enabled } = options;
  useEffect(() => {
    if (!enabled || changes === saved) return;
    const timer = setTimeout(() => save.current(), AUTOSAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [changes, saved, enabled]);
}
