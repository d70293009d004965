import { useEffect, useState } from 'react';

/** Whether sending is blocked now: the contact answers a follow-up until `until` (ISO instant, or null). */
export function isFlowLocked(until: string | null, now = Date.now()): boolean {
  return until !== null && Date.parse(until) > now;
}

/**
 * Whether sending to the conversation is blocked by a follow-up, now; turns false by itself
 * when `until` passes (docs/behaviour/conversations.md#follow-ups-and-the-flow-lock).
 */
export function useFlowLocked(until: string | null): boolean {
  const [, tick] = useState(0);
  const locked = isFlowLocked(until);
  useEffect(() => {
    if (!locked || until === null) return;
    const timer = setTimeout(() => tick((n) => n + 1), Math.max(Date.parse(until) - Date.now(), 0) + 100);
    return () => clearTimeout(timer);
  }, [locked, until]);
  return locked;
}
