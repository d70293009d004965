import { z } from 'zod';
import { SESSION_END_REASONS } from './sign-in-security';
import { conversationSchema } from '../entities/conversation';
import { messageSchema } from '../entities/message';
import { callSchema } from '../entities/call';
import { contactImportSchema } from './contacts';
import { SCHEDULED_REMINDERS } from '../scheduled-messages/constants';
import { sandboxCallSchema, sessionDescriptionSchema } from './sandbox-voice';
import { presenceStatusSchema } from '../entities/user';
import { serviceStatusSchema } from '../service-status/service-status';
import { conversationActivitySchema, type ConversationTyping, type ConversationViewing } from './collision';

/**
 * Realtime events (Socket.IO at /socket.io, `auth: { token }` = access token).
 * Rooms: `org:<id>`, `team:<id>`, `user:<id>`, and `everyone` (every signed-in socket). Every event carries a version: a message its
 * `seq` and `version`, a conversation its `version`. A client drops an event whose version is
 * not newer than what it has, and after a reconnect catches up through REST.
 * A new message comes as ONE event, `message:created`, carrying the message and its
 * conversation as that message left it (new `lastMessage`, `lastSeq`, `version`): the client
 * applies both, the thread and the list row. No separate `conversation:updated` follows it, so
 * each client gets one WebSocket frame per new text instead of two (docs/benchmarks.md).
 */
export const realtimeEventSchemas = {
  'message:created': z.object({ message: messageSchema, conversation: conversationSchema }),
  'message:updated': z.object({ message: messageSchema }),
  'conversation:updated': z.object({ conversation: conversationSchema }),
  /** A call of the team started, changed phase or ended (to the team's room; drop a `version` not newer than yours). */
  'call:updated': z.object({ call: callSchema }),
  /**
   * To one user's room (`user:<id>`), something in the inbox that is theirs to handle
   * (docs/behaviour/assignment.md): `assigned` — someone else (`by`) assigned them the
   * conversation; `inbound-text` — a contact texted in a conversation assigned to them (the
   * team's own events still come as usual); `mention` — someone (`by`) mentioned them in an
   * internal note of the conversation (docs/behaviour/notes-and-presence.md); `snooze-ended` —
   * a conversation assigned to them woke from its snooze at its time (docs/behaviour/snooze.md).
   */
  'inbox:notification': z.object({
    kind: z.enum(['assigned', 'inbound-text', 'mention', 'snooze-ended']),
    conversation: conversationSchema,
    by: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  }),
  'conversation:removed': z.object({ id: z.uuid(), userGroupId: z.uuid(), version: z.number().int() }),
  /**
   * Sent to the team's room when a send of one of its scheduled messages is settled (the message
   * or a reminder, `sent` or `failed` with its code): an open list or conversation strip reloads.
   */
  'scheduled-message:settled': z.object({
    scheduledMessageId: z.uuid(),
    teamId: z.uuid(),
    conversationId: z.uuid().nullable(),
    // The send kinds spelt here, not imported with the scheduled messages' schemas: this table is in the inbox's first load.
    kind: z.enum(['message', ...SCHEDULED_REMINDERS]),
    state: z.enum(['sent', 'failed']),
    errorCode: z.string().nullable(),
  }),
  /** Sent to the user's room who started a contact import, after each batch and when it ends. */
  'contact-import:progress': z.object({ import: contactImportSchema }),
  /**
   * Sent to the user's room when one of their sessions is revoked elsewhere; its sockets close
   * right after. `reason`: `forced-disconnect` (an administrator forced them out), `disabled`
   * (an administrator disabled the account), `signed-in-elsewhere` (a newer sign-in of the same user); absent for a sign-out or a refused refresh.
   */
  'session:revoked': z.object({
    sessionId: z.uuid(),
    reason: z.enum(['forced-disconnect', 'disabled', ...SESSION_END_REASONS]).optional(),
  }),
  /**
   * Sent to the user's room when what their session may do changed (`role`, `teams`): the
   * client reloads its session context (abilities, teams). The server has already moved the
   * user's sockets between team rooms.
   */
  'session:changed': z.object({ reason: z.enum(['role', 'teams']) }),
  /**
   * Sent to the organisation's room when a user's presence changed (docs/behaviour/realtime.md,
   * "Presence"): online when their first browser connects, offline a grace period after the last
   * one left or at sign-out, away or busy when they chose it.
   */
  'presence:updated': z.object({ userId: z.uuid(), status: presenceStatusSchema }),
  /**
   * Sent to a conversation's team room, never to the acting user's sockets, when a member opens
   * it, keeps it open (every `COLLISION_VIEWING_HEARTBEAT_MS`), types in it, or closes it / goes
   * away (`left`): docs/behaviour/notes-and-presence.md, "Who is viewing and typing".
   */
  'conversation:activity': conversationActivitySchema,
  /** Sent to every signed-in browser (room `everyone`) when an operator changed the service's status. */
  'service-status:updated': z.object({ status: serviceStatusSchema }),
  /**
   * Sent to the team's room when its mailbox was connected, disconnected, or found disconnected
   * (its provider refused the sign-in): every member's shell reads its status again
   * (`GET /api/teams/:id/mailbox/status`) and shows or hides the e-mail-disconnected dialog
   * (docs/behaviour/email.md, "Disconnected teams"). The server sends the status with it
   * (`MailboxStatus`); only `teamId` is declared here, the table being in the inbox's first load.
   */
  'mailbox:updated': z.object({ teamId: z.uuid() }),
  /**
   * To the organisation's room: an administrator created, renamed, recoloured or deleted a label
   * (docs/behaviour/labels.md); clients read the labels again, and the conversations showing them.
   */
  'labels:changed': z.object({ labelId: z.uuid() }),
  /** Sandbox only (namespace `/sandbox`, room `phone:<number>`): a text reached or left that simulated phone. */
  'sandbox:message': z.object({ number: z.string() }),
  /**
   * Sandbox voice network (docs/behaviour/calls.md, "Sandbox calls"), to the staff's `user:<id>`
   * rooms and to the simulators' `phone:<number>` rooms of `/sandbox`: a call rings there; it was
   * answered, held or resumed, or ended; the other end's WebRTC session description.
   */
  'voice:incoming': z.object({ call: sandboxCallSchema }),
  'voice:updated': z.object({ call: sandboxCallSchema }),
  'voice:signal': z.object({ callId: z.uuid(), description: sessionDescriptionSchema }),
} as const;

export type RealtimeEventName = keyof typeof realtimeEventSchemas;
export type RealtimeEvents = {
  [K in RealtimeEventName]: z.infer<(typeof realtimeEventSchemas)[K]>;
};

/** Typed Socket.IO server → client map, for `Server<…>` and `Socket<…>`. */
export type ServerToClientEvents = {
  [K in RealtimeEventName]: (payload: RealtimeEvents[K]) => void;
};

/**
 * Client → server. Namespace `/sandbox` (the phone simulator): watch a simulated phone's
 * number (room `phone:<number>`); the server then emits `sandbox:message { number }` there.
 * `watch` is the name docs/api.md gives; `sandbox:watch` is accepted as well.
 */
export type ClientToServerEvents = {
  watch: (number: string) => void;
  'sandbox:watch': (number: string) => void;
  /**
   * App namespace: hands the server the access token the client just refreshed. A socket lives
   * no longer than its token: without a renewed token the server closes it when the token
   * expires. The answer says whether the token was accepted (when not, the socket closes).
   */
  'auth:renew': (token: string, ack: (answer: { ok: boolean }) => void) => void;
  /**
   * App namespace, collision warnings (docs/behaviour/notes-and-presence.md): the user opened or
   * closed a conversation (re-sent every `COLLISION_VIEWING_HEARTBEAT_MS` while open), or typed in
   * it (at most once per `COLLISION_TYPING_THROTTLE_MS`). Checked with `conversationViewingSchema`
   * and `conversationTypingSchema`; anything else, or a conversation outside the socket's teams, is
   * ignored.
   */
  'conversation:viewing': (payload: ConversationViewing) => void;
  'conversation:typing': (payload: ConversationTyping) => void;
};
