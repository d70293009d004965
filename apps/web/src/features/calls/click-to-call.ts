import { useSyncExternalStore } from 'react';

/**
 * Click-to-call: what the inbox's call button needs, published by the lazily loaded calls layer (`calls-root.tsx`)
 * so that the button itself stays a few lines in the inbox's first load: whether a call may be
 * placed now (`canPlaceCall`: web calls on, tier allows, device ready, no call), and how.
 */
export interface ClickToCall {
  canCall: boolean;
  dial: ((phone: string) => void) | null;
}

let current: ClickToCall = { canCall: false, dial: null };
const listeners = new Set<() => void>();

/** Sets what the call button shows (the calls layer only). */
export function publishClickToCall(next: ClickToCall): void {
  if (next.canCall === current.canCall && next.dial === current.dial) return;
  current = next;
  listeners.forEach((l) => l());
}

/** What the call button shows now (whether a call may be placed, and how), re-rendering when it changes. */
export function useClickToCall(): ClickToCall {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
  );
}
