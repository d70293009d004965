import type { Message } from '@accueil/domain';
import type { PendingMessage } from './message-bubble';

/** How far before its optimistic bubble a stored text may be dated and still be that text (ms). */
const CLOCK_SKEW_MS = 60_000;

/**
 * The optimistic bubbles still to show. A sent text can reach the list through the realtime
 * connection before its POST answers; until that answer removes the optimistic bubble, the same
 * text would show twice. A bubble still sending is hidden once an outbound message with the
 * same body, dated from its composition on (less the clock skew), is in the list; each message
 * stands for one bubble only, so the same text sent twice shows twice. Failed bubbles always show.
 */
export function pendingStillShown(
  pending: readonly PendingMessage[],
  messages: readonly Message[],
): PendingMessage[] {
  const claimed = new Set<string>();
  return pending.filter((p) => {
    if (p.status !== 'sending') return true;
    const since = Date.parse(p.createdAt) - CLOCK_SKEW_MS;
    const twin = messages.find(
      (m) =>
        !claimed.has(m.id) &&
        m.direction === 'outbound' &&
        m.body === p.body &&
        Date.parse(m.createdAt) >= since,
    );
    if (!twin) return true;
    claimed.add(twin.id);
    return false;
  });
}
