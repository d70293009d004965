import { z } from 'zod';
import { CALL_OUTCOMES, VOICE_RECORD_STATUSES } from '../calls/constants';
import { QUEUE_CALL_STATUSES } from '../calls/queue-call';

/** A call's carrier status: the voice record statuses, and `initiated` before the carrier reports one. */
export const CALL_RECORD_STATUSES = ['initiated', ...VOICE_RECORD_STATUSES] as const;
export const callRecordStatusSchema = z.enum(CALL_RECORD_STATUSES);
export type CallRecordStatus = z.infer<typeof callRecordStatusSchema>;

/** Where an inbound call was sent when it arrived (null for an outbound call). */
export const callRouteSchema = z.enum(['queue', 'ring', 'voicemail']);

/**
 * A phone call of a team with a contact's number (docs/behaviour/calls.md, "The call on the
 * server"). Times are ISO 8601; `duration` in seconds (from the answer to the end; null until
 * it ends, 0 when never answered). `phase` is the spec's number of the phase (`CALL_PHASE_NUMBERS`); `version` grows
 * with every change, so a client drops a stale `call:updated`. `outcome`: the final status
 * (`CALL_OUTCOMES`) once it ended. `missed`: an inbound call nobody answered (it ended, or went
 * to voicemail). `queue`: the call's place in the team's queue while it has one.
 */
export const callSchema = z.object({
  id: z.uuid(),
  organizationId: z.uuid(),
  /** The team the call was placed to (inbound) or from (outbound). */
  userGroupId: z.uuid(),
  conversationId: z.uuid().nullable(),
  contactId: z.uuid().nullable(),
  direction: z.enum(['inbound', 'outbound']),
  from: z.string(),
  to: z.string(),
  carrier: z.string(),
  /** The carrier's id for the call (Twilio CallSid); null until the carrier gave one. */
  callSid: z.string().nullable(),
  status: callRecordStatusSchema,
  phase: z.number().int().min(1).max(8),
  outcome: z.enum(CALL_OUTCOMES).nullable(),
  route: callRouteSchema.nullable(),
  version: z.number().int(),
  onHold: z.boolean(),
  /** The call reached this team through a transfer; `fromGroupId` is the team it came from. */
  transferred: z.boolean(),
  fromGroupId: z.uuid().nullable(),
  /** Who placed it (outbound) and who answered it (inbound), users of the organisation. */
  placedBy: z.uuid().nullable(),
  answeredBy: z.uuid().nullable(),
  startedAt: z.iso.datetime(),
  answeredAt: z.iso.datetime().nullable(),
  endedAt: z.iso.datetime().nullable(),
  duration: z.number().int().nullable(),
  missed: z.boolean(),
  queue: z
    .object({
      status: z.enum(QUEUE_CALL_STATUSES),
      parkNo: z.number().int().nullable(),
      queuedAt: z.iso.datetime(),
    })
    .nullable(),
  /** The voicemail the caller left, if any (`duration` in seconds; `deleted`: an admin removed its audio). */
  voicemail: z
    .object({ id: z.uuid(), duration: z.number().int().nullable(), deleted: z.boolean() })
    .nullable(),
});
export type Call = z.infer<typeof callSchema>;
