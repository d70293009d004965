import { z } from 'zod';
import { realtimeEventSchemas } from './realtime';

/**
 * The French messaging paths (docs/behaviour/france.md): `/api/messaging/v1/threads` are the
 * conversations under the spec's other name, answered for organisations whose country is FR only
 * (404 `not-found` for others); `/api/messaging/v1/polling` is the polling transport that replaces
 * the realtime connection's inbox events for them.
 */

/** The inbox events the polling transport carries: the realtime events of a team's conversations. */
export const POLLED_EVENT_NAMES = [
  'message:created',
  'message:updated',
  'conversation:updated',
  'conversation:removed',
] as const;
export type PolledEventName = (typeof POLLED_EVENT_NAMES)[number];

/**
 * The spec's four kinds of polled event: `create` (a new message, with its conversation), `update`
 * (a conversation or a message changed), `remove` (a conversation deleted), `error` (a message
 * that failed to go out: a `message:updated` whose status is `failed`).
 */
export const POLLED_EVENT_TYPES = ['create', 'update', 'remove', 'error'] as const;
export type PolledEventType = (typeof POLLED_EVENT_TYPES)[number];

/** A cursor: the organisation's polling sequence number, as a decimal string (0: before any event). */
export const pollingCursorSchema = z.string().regex(/^\d{1,15}$/);

/** GET /api/messaging/v1/polling?cursor=&limit= (no cursor: start at the present, no events). */
export const pollingQuerySchema = z.strictObject({
  cursor: pollingCursorSchema.optional(),
  limit: z.coerce.number().int().min(1).max(500).default(200),
});
export type PollingQuery = z.infer<typeof pollingQuerySchema>;

const polled = <N extends PolledEventName>(name: N) =>
  z.object({
    /** Its place in the organisation's sequence: events come in this order, each once. */
    seq: z.string(),
    type: z.enum(POLLED_EVENT_TYPES),
    name: z.literal(name),
    payload: realtimeEventSchemas[name],
  });

/** One polled event: the realtime event's name and payload, typed (`create`, `update`, `remove` or `error`). */
export const polledEventSchema = z.discriminatedUnion('name', [
  polled('message:created'),
  polled('message:updated'),
  polled('conversation:updated'),
  polled('conversation:removed'),
]);
export type PolledEvent = z.infer<typeof polledEventSchema>;

/**
 * A poll's answer. `cursor`: what to send next time (every event up to it that the caller may see
 * is in `events` or was in an earlier answer). `more`: the page was full, poll again at once.
 * `reset`: the cursor is older than what the server keeps (or unknown to it): events may be
 * lost, so the client reloads its lists and conversations, then goes on from `cursor`.
 */
export const pollingPageSchema = z.object({
  cursor: pollingCursorSchema,
  events: z.array(polledEventSchema),
  more: z.boolean(),
  reset: z.boolean(),
});
export type PollingPage = z.infer<typeof pollingPageSchema>;
