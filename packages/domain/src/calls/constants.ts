/**
 * Constants of browser calls (docs/behaviour/calls.md). Durations in milliseconds unless the
 * name says otherwise.
 */

/**
 * The outcome of a call that was not answered or has ended, as the carrier reports it (the
 * call's `outcome`; its `status` is the carrier's last status, `CallRecordStatus`).
 */
export const CALL_OUTCOMES = ['no-answer', 'busy', 'canceled', 'completed'] as const;
export type CallOutcome = (typeof CALL_OUTCOMES)[number];

/**
 * A call's phases, by name: what the server and the domain's rules speak (docs/behaviour/calls.md,
 * "The call on the server"). The order is the spec's numbering (`CALL_PHASE_NUMBERS`).
 */
export const CALL_PHASES = [
  'initiated',
  'ringing',
  'in-progress',
  'queued',
  'parked',
  'hold',
  'completed',
  'ended',
] as const;
export type CallPhaseName = (typeof CALL_PHASES)[number];

/**
 * The spec's number of each phase (1–8): what the API's `phase` carries (call and queue payloads)
 * and what the `calls.phase` column stores. Only the presenters and the database's column type
 * convert (`callPhaseNumber`, `callPhaseOfNumber`); nothing else compares numbers.
 */
export const CALL_PHASE_NUMBERS = {
  initiated: 1,
  ringing: 2,
  'in-progress': 3,
  queued: 4,
  parked: 5,
  hold: 6,
  completed: 7,
  ended: 8,
} as const satisfies Record<CallPhaseName, number>;
export type CallPhaseNumber = (typeof CALL_PHASE_NUMBERS)[CallPhaseName];

/** The spec's number of a phase (`CALL_PHASE_NUMBERS`). */
export function callPhaseNumber(phase: CallPhaseName): CallPhaseNumber {
  return CALL_PHASE_NUMBERS[phase];
}

/**
 * The phase of a spec number (1–8).
 * @throws RangeError for any other number (a stored value no phase has).
 */
export function callPhaseOfNumber(phaseNumber: number): CallPhaseName {
  const phase = CALL_PHASES[phaseNumber - 1];
  if (phase === undefined) throw new RangeError(`No call phase has the number ${phaseNumber}`);
  return phase;
}

/** Statuses of a voice record (a call leg or a recording) as the voice carrier reports them. */
export const VOICE_RECORD_STATUSES = [
  'completed',
  'queued',
  'ringing',
  'in-progress',
  'answered',
  'busy',
  'failed',
  'no-answer',
  'canceled',
  'callback-request',
] as const;
export type VoiceRecordStatus = (typeof VOICE_RECORD_STATUSES)[number];

/** Poll of an outbound call's details until the callee answers. */
export const CALL_DETAILS_POLL_MS = 1000;
/** More failed detail lookups than this hang the outbound call up. */
export const CALL_DETAILS_MAX_FAILURES = 15;
/** A hang-up from a headset within this time of a hold or mute is ignored (the same button). */
export const HEADSET_HANG_UP_GRACE_MS = 2000;
/** Transfer status poll. */
export const TRANSFER_STATUS_POLL_MS = 1000;

/** The voice device re-initialises this long after an identity mismatch. */
export const VOICE_IDENTITY_MISMATCH_REINIT_MS = 2000;
/** A failed voice-token refresh is retried up to this many times, waiting attempt × step. */
export const VOICE_TOKEN_REFRESH_MAX_RETRIES = 10;
export const VOICE_TOKEN_REFRESH_STEP_MS = 1000;
/** After the last failed token retry the device is re-initialised after this delay. */
export const VOICE_REINIT_AFTER_TOKEN_FAILURE_MS = 3000;
/** The voice carrier's "access token expired" error: answered by a refresh, never shown. */
export const VOICE_ERROR_TOKEN_EXPIRED = 20104;

/** A queue call's held time ticks every second and starts at 2 seconds. */
export const QUEUE_CALL_TICK_MS = 1000;
export const QUEUE_CALL_START_SECONDS = 2;
/**
 * Held this long (seconds), the server is asked whether the call still exists; while it does,
 * the threshold moves on by the same amount. The value is the product's own choice.
 */
export const QUEUE_CALL_CHECK_EVERY_SECONDS = 30;
