import { AppError, CALL_RECORD_STATUSES } from '@accueil/domain';
import type { WebhookParams } from '../../messaging/messaging-carrier';
import { one, required } from '../../messaging/twilio/twilio-params';
import type { InboundCallRequest, VoicemailReport, VoiceStatusReport } from '../voice-carrier';

/** The carrier name stored with Twilio's calls. */
export const TWILIO_VOICE_CARRIER = 'twilio';

/** Twilio prefixes a browser's identity with `client:` in From and To. */
const CLIENT_PREFIX = 'client:';

/** A browser's identity from `client:<identity>`, or null when the value names no browser. */
export function clientIdentity(value: string | undefined): string | null {
  return value?.startsWith(CLIENT_PREFIX) ? value.slice(CLIENT_PREFIX.length) || null : null;
}

/**
 * An incoming call's parameters (a team number's voice URL) → `InboundCallRequest`.
 * @throws AppError `validation-failed` when CallSid, From or To is missing.
 */
export function parseIncomingCall(params: WebhookParams): InboundCallRequest {
  return {
    carrier: TWILIO_VOICE_CARRIER,
    callSid: required(params, 'CallSid'),
    from: required(params, 'From'),
    to: required(params, 'To'),
  };
}

/**
 * A call placed from a browser (the TwiML application's voice URL): From is `client:<user id>`,
 * To the number the device asked for.
 * @throws AppError `validation-failed` when CallSid or To is missing, or From names no browser.
 */
export function parseBrowserCall(params: WebhookParams): {
  carrier: string;
  callSid: string;
  identity: string;
  to: string;
} {
  const identity = clientIdentity(required(params, 'From'));
  if (!identity)
    throw new AppError('validation-failed', 'Twilio parameter From names no browser', [
      { location: 'body', path: 'From', message: 'Expected client:<identity>' },
    ]);
  return {
    carrier: TWILIO_VOICE_CARRIER,
    callSid: required(params, 'CallSid'),
    identity,
    to: required(params, 'To'),
  };
}

/**
 * A status callback → `VoiceStatusReport` of the app's call: the parent call's id when the
 * report is of a child leg (the callee's leg of a browser's call), else the call's own;
 * `CallDuration` in seconds on the final report. Null for a status we do not know (Twilio adds
 * values without notice).
 * @throws AppError `validation-failed` when CallSid or CallStatus is missing.
 */
export function parseCallStatus(params: WebhookParams): VoiceStatusReport | null {
  const callSid = one(params, 'ParentCallSid') || required(params, 'CallSid');
  const status = required(params, 'CallStatus');
  if (!(CALL_RECORD_STATUSES as readonly string[]).includes(status)) return null;
  const duration = Number.parseInt(one(params, 'CallDuration') ?? '', 10);
  return {
    carrier: TWILIO_VOICE_CARRIER,
    callSid,
    status,
    ...(Number.isFinite(duration) ? { duration } : {}),
  };
}

/**
 * A browser's leg of an inbound call reported its answer (`<Client>` status callback): the
 * parent call and the browser's identity; null for another event (ringing, completed).
 * @throws AppError `validation-failed` when ParentCallSid, To or CallStatus is missing.
 */
export function parseAgentAnswer(
  params: WebhookParams,
): { carrier: string; callSid: string; identity: string } | null {
  const status = required(params, 'CallStatus');
  if (status !== 'in-progress' && status !== 'answered') return null;
  const identity = clientIdentity(required(params, 'To'));
  return identity
    ? { carrier: TWILIO_VOICE_CARRIER, callSid: required(params, 'ParentCallSid'), identity }
    : null;
}

/**
 * A recording status callback of a `<Record>` → `VoicemailReport`; null until the recording is
 * completed (`RecordingStatus`).
 * @throws AppError `validation-failed` when CallSid or RecordingSid is missing.
 */
export function parseVoicemail(params: WebhookParams): VoicemailReport | null {
  if ((one(params, 'RecordingStatus') ?? 'completed') !== 'completed') return null;
  const duration = Number.parseInt(one(params, 'RecordingDuration') ?? '', 10);
  return {
    carrier: TWILIO_VOICE_CARRIER,
    callSid: required(params, 'CallSid'),
    recordingSid: required(params, 'RecordingSid'),
    url: one(params, 'RecordingUrl') ?? null,
    duration: Number.isFinite(duration) ? duration : null,
  };
}

/**
 * A key the caller pressed while waiting in the queue (the `<Gather>`'s action): the call and the
 * key (`Digits`, its first character; empty when none was pressed).
 * @throws AppError `validation-failed` when CallSid is missing.
 */
export function parseQueueKey(params: WebhookParams): { carrier: string; callSid: string; key: string } {
  return {
    carrier: TWILIO_VOICE_CARRIER,
    callSid: required(params, 'CallSid'),
    key: (one(params, 'Digits') ?? '').slice(0, 1),
  };
}

/** `DialCallStatus` values saying nobody took the call: the ring timed out (no-answer), every browser declined (busy), or none could be reached (failed). */
const DIAL_UNANSWERED = new Set(['no-answer', 'busy', 'failed']);

/**
 * The `<Dial action>` of an inbound call ringing the team (Twilio's Dial action parameters):
 * the call and whether nobody answered it (`DialCallStatus` no-answer, busy or failed), when it
 * moves on. completed and answered (a browser took it, the bridged call ended) and canceled (the
 * dial was cut short: the caller hung up, or the call was moved by the REST API) move nothing.
 * @throws AppError `validation-failed` when CallSid or DialCallStatus is missing.
 */
export function parseDialAction(params: WebhookParams): {
  carrier: string;
  callSid: string;
  unanswered: boolean;
} {
  return {
    carrier: TWILIO_VOICE_CARRIER,
    callSid: required(params, 'CallSid'),
    unanswered: DIAL_UNANSWERED.has(required(params, 'DialCallStatus')),
  };
}
