/**
 * The `after=` of a conversation's catch-up (docs/api.md "Realtime";
 * docs/behaviour/realtime.md, "Catch-up"): the highest seq up to which the held messages have
 * no hole, counting from `from`.
 *
 * Why not simply the highest seq held: seqs are dense (1, 2, 3 … per conversation), but events
 * reach a client out of seq order (several server processes, several database connections)
 * and a connection can drop between two of them; and after a reconnect, events keep arriving
 * while the catch-up waits (the list request, a retry delay). Starting from the highest seq
 * would then skip, for good, the messages whose events were lost. Starting at the first hole
 * fetches them; messages already held come back and are merged by id.
 *
 * `seqs`: the seqs held, any order, repeats allowed. `from`: the seq the held run starts at —
 * 1 when the client holds the conversation from its first message; by default the lowest seq
 * held (a client that loaded only the newest page(s) through REST). 0 when nothing is held
 * from `from` on (fetch everything after `from - 1`).
 */
export function catchUpAfterSeq(seqs: Iterable<number>, from?: number): number {
  const held = new Set(seqs);
  let start = from;
  if (start === undefined) {
    if (held.size === 0) return 0;
    start = Math.min(...held);
  }
  let point = start - 1;
  while (held.has(point + 1)) point += 1;
  return Math.max(point, 0);
}

/**
 * How long a client waits, after an event leaves a hole in an open conversation's seqs, before
 * fetching the missing messages (ms). Events from several server processes overtake each other
 * by a few milliseconds, so most holes fill by themselves; one that lasts means a lost event
 * (e.g. a text committed between the first REST load and the socket joining its rooms).
 */
export const CATCH_UP_HOLE_GRACE_MS = 1_000;
