import { useEffect } from 'react';

/** Longest wait for an idle moment before {@link whenIdle} runs its task anyway (ms). */
const IDLE_TIMEOUT_MS = 2000;

/**
 * Runs `task` once the browser is idle (after the current screen has drawn and its first
 * requests went out), within {@link IDLE_TIMEOUT_MS}; a timeout where `requestIdleCallback` is
 * missing (Safari). Returns the cancel function.
 */
export function whenIdle(task: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(task, { timeout: IDLE_TIMEOUT_MS });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(task, 200);
  return () => window.clearTimeout(id);
}

/**
 * Loads `parts` when the browser is idle after the calling component first drew: a part kept
 * out of the first load (a conversation's pane, the dialogs) is then in before it is needed,
 * so opening it shows no loader. A failed load is retried by the part's first render.
 */
export function usePreloadWhenIdle(...parts: { preload: () => Promise<unknown> }[]): void {
  useEffect(() => whenIdle(() => parts.forEach((part) => void part.preload().catch(() => undefined))), []); // eslint-disable-line react-hooks/exhaustive-deps
}
