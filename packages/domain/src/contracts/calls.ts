import { z } from 'zod';
import { callSchema } from '../entities/call';
import { presenceStatusSchema } from '../entities/user';
import { SIP_USERNAME_PATTERN } from '../validators/sip';

/** `:id` of a call. */
export const callIdParamsSchema = z.strictObject({ id: z.uuid() });
/** `:sid` of a call: the carrier's id (Twilio CallSid, `CA` + 32 hex; the sandbox's own). */
export const callSidParamsSchema = z.strictObject({ sid: z.string().trim().min(1).max(64) });

/** GET /api/conversations/:id/calls: the conversation's calls, oldest first (at most `CONVERSATION_CALLS_LIMIT`, the newest). */
export const conversationCallsSchema = z.object({ calls: z.array(callSchema) });
export type ConversationCalls = z.infer<typeof conversationCallsSchema>;
/** How many calls a conversation's timeline shows: the newest ones. */
export const CONVERSATION_CALLS_LIMIT = 200;

/**
 * POST /api/voice/v1/calls: an outbound call from the current team to `to` (read in the
 * organisation's country, as for a new conversation). `callSid`: the carrier's id when the
 * browser's device already placed the call (the sandbox's); otherwise the carrier's webhook
 * gives it later.
 */
export const startOutboundCallRequestSchema = z.strictObject({
  to: z.string().trim().min(1).max(32),
  callSid: z.string().trim().min(1).max(64).optional(),
});
export type StartOutboundCallRequest = z.infer<typeof startOutboundCallRequestSchema>;

/**
 * POST /api/voice/v1/calls/:id/transfer: exactly one target (docs/behaviour/calls.md, "Call
 * actions"): a team (`toUserGroup`: its users ring, or its queue) or one user of it
 * (`toUserId` with `toUserGroup`); a SIP line of the organisation by its user name
 * (`toSipUser`); or one of the organisation's transfer extensions (`toExtensionId`: its number,
 * then its extension's digits). Targets are named, never free numbers: a member cannot send a
 * call to an arbitrary number.
 */
export const transferCallRequestSchema = z
  .strictObject({
    toUserGroup: z.uuid().optional(),
    toUserId: z.uuid().optional(),
    toSipUser: z.string().trim().regex(SIP_USERNAME_PATTERN).optional(),
    toExtensionId: z.uuid().optional(),
  })
  .refine((r) => [r.toUserGroup, r.toSipUser, r.toExtensionId].filter((v) => v !== undefined).length === 1 && (r.toUserId === undefined || r.toUserGroup !== undefined), {
    message: 'Give one target: toUserGroup (and toUserId), toSipUser or toExtensionId',
  });
export type TransferCallRequest = z.infer<typeof transferCallRequestSchema>;

/** POST /api/voice/v1/queues/pick: the queued or parked call to take, by the carrier's id. */
export const pickCallRequestSchema = z.strictObject({ callSid: z.string().trim().min(1).max(64) });
export type PickCallRequest = z.infer<typeof pickCallRequestSchema>;

/** GET /api/voice/v1/queues: the current team's calls waiting, ringing, under way or parked in its queue. */
export const teamQueueSchema = z.object({ calls: z.array(callSchema) });
export type TeamQueue = z.infer<typeof teamQueueSchema>;

/**
 * GET /api/voice/v1/calls/availability: where a call can be transferred. Every team of the
 * organisation (by label) with its users who are not disabled (by name): their presence
 * (`PRESENCE_STATUSES`) and their SIP line's user name when one is assigned.
 */
export const callAvailabilitySchema = z.object({
  teams: z.array(
    z.object({
      id: z.uuid(),
      label: z.string(),
      users: z.array(z.object({ id: z.uuid(), displayName: z.string(), status: presenceStatusSchema, sipUsername: z.string().nullable() })),
    }),
  ),
});
export type CallAvailability = z.infer<typeof callAvailabilitySchema>;

/**
 * GET /api/voice/v1/recordings: one recording's audio, named by its id (`Call.voicemail.id`) or
 * by the carrier's address of it as stored; exactly one of the two.
 */
export const recordingQuerySchema = z
  .strictObject({ recordingId: z.uuid().optional(), url: z.string().trim().min(1).max(2048).optional() })
  .refine((q) => (q.recordingId === undefined) !== (q.url === undefined), { message: 'Give recordingId or url, not both' });
export type RecordingQuery = z.infer<typeof recordingQuerySchema>;

/** GET /api/voice/v1/recordings/length?recordingId=: the recording's length. */
export const recordingLengthQuerySchema = z.strictObject({ recordingId: z.uuid() });
/** A recording's length in seconds (null when the carrier did not say). */
export const recordingLengthSchema = z.object({ recordingId: z.uuid(), duration: z.number().int().nullable() });
export type RecordingLength = z.infer<typeof recordingLengthSchema>;
/** `:id` of a recording. */
export const recordingIdParamsSchema = z.strictObject({ id: z.uuid() });
/** Under this many seconds a voicemail is flagged as very short (it may hold nothing). */
export const SHORT_RECORDING_SECONDS = 3;
