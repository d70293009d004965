import type { Message } from '@accueil/domain';

/**
 * Realtime events carry a version (docs/api.md "Realtime"): a conversation its `version`, a
 * message its `seq` and `version`. Events may arrive late or twice (reconnects, several
 * server processes); a client keeps only what is strictly newer than what it has.
 */

/** True when `incoming` is newer than `current` (or there is nothing yet). */
export function isNewerVersion(
  current: { version: number } | undefined,
  incoming: { version: number },
): boolean {
  return current === undefined || incoming.version > current.version;
}

/**
 * Remembers the highest version seen per id, including removals, so that a stale
 * `conversation:updated` arriving after a `conversation:removed` cannot bring the row back.
 * `accept(id, version)` records and answers true only for a strictly newer version.
 */
export class VersionTracker {
  private readonly seen = new Map<string, number>();

  accept(id: string, version: number): boolean {
    const current = this.seen.get(id);
    if (current !== undefined && version <= current) return false;
    this.seen.set(id, version);
    return true;
  }

  /** Records a version learnt through REST without judging it. */
  note(id: string, version: number): void {
    const current = this.seen.get(id);
    if (current === undefined || version > current) this.seen.set(id, version);
  }
}

/**
 * Puts `message` into `items` (ordered by `seq`, oldest first): replaces the message with the
 * same id only when the incoming one has a higher `version`, otherwise inserts it at its `seq`.
 * Returns `items` itself when the message is stale, so callers can skip a re-render.
 */
export function upsertMessage(items: readonly Message[], message: Message): readonly Message[] {
  const index = items.findIndex((m) => m.id === message.id);
  if (index >= 0) {
    if (!isNewerVersion(items[index], message)) return items;
    const next = [...items];
    next[index] = message;
    return next;
  }
  const next = [...items];
  let at = next.length;
  while (at > 0 && next[at - 1]!.seq > message.seq) at -= 1;
  next.splice(at, 0, message);
  return next;
}
