import type { Call, Message } from '@accueil/domain';

/** One entry of a conversation's timeline: a message or a call, at its time. */
export type TimelineEntry =
  { kind: 'message'; message: Message; at: string } | { kind: 'call'; call: Call; at: string };

/**
 * A conversation's messages and calls in one list by time (a call at its start; on a tie the
 * message first). The messages are paged from the newest: while older ones remain unloaded
 * (`complete` false), a call older than the oldest loaded message is left out, so it shows up
 * in its place once the reader scrolls back to it rather than at the top.
 */
export function interleaveTimeline(
  messages: readonly Message[],
  calls: readonly Call[],
  complete: boolean,
): TimelineEntry[] {
  const oldest = messages[0]?.createdAt;
  const shown =
    complete || oldest === undefined
      ? calls
      : calls.filter((c) => Date.parse(c.startedAt) >= Date.parse(oldest));
  const entries: TimelineEntry[] = [
    ...messages.map((message) => ({ kind: 'message' as const, message, at: message.createdAt })),
    ...shown.map((call) => ({ kind: 'call' as const, call, at: call.startedAt })),
  ];
  // A stable sort keeps the messages' own order (by sequence) among equal times.
  return entries.sort(
    (a, b) => Date.parse(a.at) - Date.parse(b.at) || (a.kind === b.kind ? 0 : a.kind === 'message' ? -1 : 1),
  );
}

/** How a call shows in the timeline (docs/behaviour/calls.md, "Calls in the conversation"). */
export type CallEntryKind =
  'voicemail' | 'callback' | 'missed' | 'answered' | 'outbound' | 'outbound-unanswered' | 'ongoing';

/**
 * The kind of entry a call is: under way until it ends; then voicemail, a callback request (the
 * caller pressed 1 in the queue and was texted: status `callback-request`), missed or answered
 * (inbound), answered or not (outbound).
 */
export function callEntryKind(call: Call): CallEntryKind {
  if (call.voicemail) return 'voicemail';
  if (call.status === 'callback-request') return 'callback';
  if (call.direction === 'inbound' && call.missed) return 'missed';
  if (call.endedAt === null) return 'ongoing';
  if (call.direction === 'outbound') return call.answeredAt ? 'outbound' : 'outbound-unanswered';
  return 'answered';
}

/** A newer version of a call replaces the older in the list (kept by start); an older or equal one changes nothing. */
export function upsertCall(calls: readonly Call[], call: Call): Call[] {
  const index = calls.findIndex((c) => c.id === call.id);
  if (index >= 0)
    return calls[index]!.version >= call.version ? [...calls] : calls.map((c, i) => (i === index ? call : c));
  return [...calls, call].sort((a, b) => Date.parse(a.startedAt) - Date.parse(b.startedAt));
}
