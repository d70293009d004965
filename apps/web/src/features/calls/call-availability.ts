import { useSyncExternalStore } from 'react';

/**
 * What the inbox's call button needs, published by the lazily loaded calls layer (`calls-root.tsx`)
 * so that the button itself stays a few lines in the inbox's first load: whether a call may be
 * placed now (`canPlaceCall`: web calls on, tier allows, device ready, no call), and how.
 */
export interface CallAvailability {
  canCall: boolean;
  dial: ((phone: string) => void) | null;
}

let availability: CallAvailability = { canCall: false, dial: null };
const listeners = new Set<() => void>();

/** Sets what the call button shows (the calls layer only). */
export function publishCallAvailability(next: CallAvailability): void {
  if (next.canCall === availability.canCall && next.dial === availability.dial) return;
  availability = next;
  listeners.forEach((l) => l());
}

/** The call button's availability, re-rendering when it changes. */
export function useCallAvailability(): CallAvailability {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => availability,
  );
}
