import { z } from 'zod';

/**
 * Collision warnings (docs/behaviour/notes-and-presence.md, "Who is viewing and typing"): who has a
 * conversation open and who is typing in it, relayed live to the conversation's team.
 */

/** A client sends `conversation:typing` at most once per this many ms while keys are pressed. */
export const COLLISION_TYPING_THROTTLE_MS = 1_000;
/**
 * The server drops a socket's `conversation:typing` for a conversation arriving sooner than
 * `COLLISION_TYPING_THROTTLE_MS - COLLISION_THROTTLE_LEEWAY_MS` after the last one it relayed
 * (network jitter brings a well-behaved client's events a little closer together).
 */
export const COLLISION_THROTTLE_LEEWAY_MS = 100;
/** A "typing" shown on other clients ends this many ms after its last event. */
export const COLLISION_TYPING_EXPIRY_MS = 5_000;
/** A client viewing a conversation announces it again (heartbeat) every this many ms. */
export const COLLISION_VIEWING_HEARTBEAT_MS = 15_000;
/** A "viewing" shown on other clients ends this many ms after its last heartbeat. */
export const COLLISION_VIEWING_EXPIRY_MS = 40_000;

/** Client → server `conversation:viewing`: the user opened (`true`) or closed (`false`) the conversation. */
export const conversationViewingSchema = z.object({ conversationId: z.uuid(), viewing: z.boolean() });
export type ConversationViewing = z.infer<typeof conversationViewingSchema>;

/** Client → server `conversation:typing`: the user is typing a reply or a note in the conversation. */
export const conversationTypingSchema = z.object({ conversationId: z.uuid() });
export type ConversationTyping = z.infer<typeof conversationTypingSchema>;

/** What another member is doing in a conversation: `left` ends both viewing and typing. */
export const collisionActivityKindSchema = z.enum(['viewing', 'typing', 'left']);
export type CollisionActivityKind = z.infer<typeof collisionActivityKindSchema>;

/**
 * Server → the conversation's team room `conversation:activity`, never to the acting user's own
 * sockets: `user` is who acts, taken from their socket's session (never from what the client sent).
 */
export const conversationActivitySchema = z.object({
  conversationId: z.uuid(),
  user: z.object({ id: z.uuid(), name: z.string() }),
  kind: collisionActivityKindSchema,
});
export type ConversationActivity = z.infer<typeof conversationActivitySchema>;

/**
 * `details` of 409 `replied-meanwhile`: another user (`by`) sent a reply in the conversation at
 * `at` (ISO 8601), its `seq` above the `seenSeq` the request carried.
 */
export const repliedMeanwhileDetailsSchema = z.object({
  by: z.object({ id: z.uuid(), name: z.string() }),
  at: z.string(),
  seq: z.number().int(),
});
export type RepliedMeanwhileDetails = z.infer<typeof repliedMeanwhileDetailsSchema>;
