import { useCallback, useEffect, useRef } from 'react';

/**
 * The seq a reply's writer had seen when they began it, for the replied-meanwhile check
 * (docs/behaviour/notes-and-presence.md, "Replied meanwhile"): `began()` on each keystroke of the
 * reply keeps the conversation's `lastSeq` of the first one; `take()` at the send gives it (the
 * `lastSeq` then when nothing was typed: a quick message, files) and starts the next draft.
 */
export function useSeenSeq(conversationId: string, lastSeq: number | undefined) {
  const latest = useRef(lastSeq);
  const atStart = useRef<number | null>(null);
  useEffect(() => {
    latest.current = lastSeq;
  }, [lastSeq]);
  useEffect(() => {
    atStart.current = null;
  }, [conversationId]);
  const began = useCallback(() => {
    atStart.current ??= latest.current ?? null;
  }, []);
  const take = useCallback((): number | undefined => {
    const seen = atStart.current ?? latest.current;
    atStart.current = null;
    return seen;
  }, []);
  return { began, take };
}
