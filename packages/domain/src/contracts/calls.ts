import { z } from 'zod';
import { callSchema } from '../entities/call';
import { presenceStatusSchema } from '../entities/user';
import type { TransferTarget } from '../calls/voice-call';
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
 * POST /api/voice/v1/calls/:id/transfer, in the fields of the spec (`callId, to, toExtension,
 * toUserGroup`; docs/behaviour/calls.md, "Call actions"), naming exactly one target:
 * - `{ toUserGroup }`: a team (its users ring, or its queue);
 * - `{ toUserGroup, to: <user id> }`: one user of that team;
 * - `{ to: <SIP user name> }`, with or without the team the line was chosen under: a SIP line
 *   of the organisation (`to` not a user id: E.164 or letters, digits, `.`, `_`, `-`);
 * - `{ toExtension: <id> }`: one of the organisation's transfer extensions (its number, then its
 *   extension's digits), alone.
 * `callId`, optional, repeats the call of the path (another: 400). Targets are named, never free
 * numbers: a member cannot send a call to an arbitrary number. Which target it names is
 * `targetOfTransferRequest`'s answer (none: 400 `transfer-target-invalid`).
 */
export const transferCallRequestSchema = z.strictObject({
  callId: z.uuid().optional(),
  to: z.string().trim().min(1).max(64).optional(),
  toExtension: z.uuid().optional(),
  toUserGroup: z.uuid().optional(),
});
export type TransferCallRequest = z.infer<typeof transferCallRequestSchema>;

const isUuid = (value: string) => z.uuid().safeParse(value).success;

/**
 * The one target a transfer request names (`transferCallRequestSchema`), or null when it names
 * none, or more than one (an extension with anything else), or a user without their team, or a
 * `to` that is neither a user id nor a SIP user name. Pure.
 */
export function targetOfTransferRequest(request: TransferCallRequest): TransferTarget | null {
  const { to, toExtension, toUserGroup } = request;
  if (toExtension !== undefined)
    return to === undefined && toUserGroup === undefined
      ? { kind: 'extension', extensionId: toExtension }
      : null;
  if (to === undefined) return toUserGroup === undefined ? null : { kind: 'team', teamId: toUserGroup };
  if (isUuid(to)) return toUserGroup === undefined ? null : { kind: 'user', teamId: toUserGroup, userId: to };
  return SIP_USERNAME_PATTERN.test(to) ? { kind: 'sip', teamId: toUserGroup ?? null, sip: to } : null;
}

/** The request naming `target` (the inverse of `targetOfTransferRequest`). Pure. */
export function transferRequestOf(target: TransferTarget): TransferCallRequest {
  switch (target.kind) {
    case 'team':
      return { toUserGroup: target.teamId };
    case 'user':
      return { toUserGroup: target.teamId, to: target.userId };
    case 'sip':
      return target.teamId === null ? { to: target.sip } : { toUserGroup: target.teamId, to: target.sip };
    case 'extension':
      return { toExtension: target.extensionId };
  }
}

/**
 * POST /api/voice/v1/calls/{answer,hold,resume,reject} as the spec writes them (§7 "Voice"): the
 * call named in the body rather than the path. Same answers as the `/calls/:id/<action>` forms.
 */
export const callActionRequestSchema = z.strictObject({ callId: z.uuid() });
export type CallActionRequest = z.infer<typeof callActionRequestSchema>;

/** POST /api/voice/v1/calls/transfer as the spec writes it: `transferCallRequestSchema` with its `callId` required. */
export const transferNamedCallRequestSchema = transferCallRequestSchema.extend({ callId: z.uuid() });
export type TransferNamedCallRequest = z.infer<typeof transferNamedCallRequestSchema>;

/** POST /api/voice/v1/queues/pick: the queued or parked call to take, by the carrier's id. */
export const pickCallRequestSchema = z.strictObject({ callSid: z.string().trim().min(1).max(64) });
export type PickCallRequest = z.infer<typeof pickCallRequestSchema>;

/** GET /api/voice/v1/queues: the current team's calls waiting, ringing, under way or parked in its queue. */
export const teamQueueSchema = z.object({ calls: z.array(callSchema) });
export type TeamQueue = z.infer<typeof teamQueueSchema>;

/**
 * GET /api/voice/v1/calls/availability: where a call can be transferred. Every team of the
 * organisation (main first, then by label) with its users who are not disabled (by name): their
 * presence (`PRESENCE_STATUSES`) and their SIP line's user name when one is assigned; and
 * `sipLines`, the organisation's SIP lines (Phones settings) that none of those users has —
 * lines of no team (a desk phone, a shared line), by user name.
 */
export const transferTargetsSchema = z.object({
  teams: z.array(
    z.object({
      id: z.uuid(),
      label: z.string(),
      users: z.array(
        z.object({
          id: z.uuid(),
          displayName: z.string(),
          status: presenceStatusSchema,
          sipUsername: z.string().nullable(),
        }),
      ),
    }),
  ),
  sipLines: z.array(z.object({ username: z.string(), displayName: z.string().nullable() })),
});
export type TransferTargets = z.infer<typeof transferTargetsSchema>;

/**
 * GET /api/voice/v1/recordings: one recording's audio, named by its id (`Call.voicemail.id`) or
 * by the carrier's address of it as stored; exactly one of the two.
 */
export const recordingQuerySchema = z
  .strictObject({ recordingId: z.uuid().optional(), url: z.string().trim().min(1).max(2048).optional() })
  .refine((q) => (q.recordingId === undefined) !== (q.url === undefined), {
    message: 'Give recordingId or url, not both',
  });
export type RecordingQuery = z.infer<typeof recordingQuerySchema>;

/** GET /api/voice/v1/recordings/length?recordingId=: the recording's length. */
export const recordingLengthQuerySchema = z.strictObject({ recordingId: z.uuid() });
/** A recording's length in seconds (null when the carrier did not say). */
export const recordingLengthSchema = z.object({
  recordingId: z.uuid(),
  duration: z.number().int().nullable(),
});
export type RecordingLength = z.infer<typeof recordingLengthSchema>;
/** `:id` of a recording. */
export const recordingIdParamsSchema = z.strictObject({ id: z.uuid() });
/** Under this many seconds a voicemail is flagged as very short (it may hold nothing). */
export const SHORT_RECORDING_SECONDS = 3;
