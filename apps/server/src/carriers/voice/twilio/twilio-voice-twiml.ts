import twilio from 'twilio';
import type VoiceResponse from 'twilio/lib/twiml/VoiceResponse';
import { CarrierError, SIP_LINE_UNREACHABLE, type CallInstruction, type InboundCallPlan } from '../voice-carrier';

/** Paths of Twilio Voice's webhooks (the incoming call URL of the team numbers, the TwiML application's voice URL, the callbacks). */
export const TWILIO_VOICE_PATHS = {
  incoming: '/api/webhooks/twilio/voice/incoming',
  outbound: '/api/webhooks/twilio/voice/outbound',
  status: '/api/webhooks/twilio/voice/status',
  agentStatus: '/api/webhooks/twilio/voice/agent-status',
  voicemail: '/api/webhooks/twilio/voice/voicemail',
} as const;

/** The longest voicemail Twilio records (seconds). */
export const VOICEMAIL_MAX_SECONDS = 120;

/** The absolute URLs of the callbacks, from `PUBLIC_URL`. */
export type TwilioVoiceUrls = { agentStatus: string; voicemail: string; status: string };

/** The callbacks' absolute URLs under `publicUrl` (its path prefix kept). */
export function twilioVoiceUrls(publicUrl: string): TwilioVoiceUrls {
  const base = publicUrl.replace(/\/+$/, '');
  return { agentStatus: `${base}${TWILIO_VOICE_PATHS.agentStatus}`, voicemail: `${base}${TWILIO_VOICE_PATHS.voicemail}`, status: `${base}${TWILIO_VOICE_PATHS.status}` };
}

/**
 * Rings the first of these browsers to answer (`<Dial><Client>` per user id); each client leg
 * reports its answer to the agent-status callback, which records who answered.
 */
function ring(response: VoiceResponse, identities: readonly string[], urls: TwilioVoiceUrls): void {
  const dial = response.dial({ answerOnBridge: true });
  for (const identity of identities) dial.client({ statusCallback: urls.agentStatus, statusCallbackEvent: ['answered', 'completed'] }, identity);
}

/**
 * TwiML for an inbound call, from the app's plan: the greeting (`<Say>` in its language), then
 * the queue (`<Enqueue>`), the team's browsers (`<Dial><Client>`), or a voicemail (`<Record>`,
 * at most VOICEMAIL_MAX_SECONDS, reported to the voicemail callback, then `<Hangup>`; only
 * `<Hangup>` when the period's voicemail is off).
 */
export function inboundCallTwiml(plan: InboundCallPlan, urls: TwilioVoiceUrls): string {
  const response = new twilio.twiml.VoiceResponse();
  response.say({ language: plan.greeting.language as NonNullable<VoiceResponse.SayAttributes['language']> }, plan.greeting.text);
  if (plan.route === 'queue') response.enqueue(plan.queue);
  else if (plan.route === 'ring') ring(response, plan.identities, urls);
  else if (plan.greeting.voicemail === false) response.hangup();
  else {
    response.record({ maxLength: VOICEMAIL_MAX_SECONDS, playBeep: true, recordingStatusCallback: urls.voicemail, recordingStatusCallbackEvent: ['completed'] });
    response.hangup();
  }
  return response.toString();
}

/** TwiML for a call placed from a browser: dial `to` from the team's number, reporting the callee's leg to the status callback. */
export function outboundCallTwiml(call: { from: string; to: string }, urls: TwilioVoiceUrls): string {
  const response = new twilio.twiml.VoiceResponse();
  response.dial({ callerId: call.from, answerOnBridge: true }).number({ statusCallback: urls.status, statusCallbackEvent: ['ringing', 'answered', 'completed'] }, call.to);
  return response.toString();
}

/** TwiML for a call the app refuses to place (said in the user's language is not known here: a plain hang-up). */
export function rejectedCallTwiml(): string {
  const response = new twilio.twiml.VoiceResponse();
  response.reject();
  return response.toString();
}

/**
 * The keypad tones Twilio sends once an outside number answers: a pause of one second (`ww`,
 * half a second each) so the other end's menu is listening, then the digits.
 */
export function sendDigitsOf(digits: string | null): string | undefined {
  return digits ? `ww${digits}` : undefined;
}

/**
 * TwiML a live call is redirected to (`calls(sid).update({ twiml })`): hold and park wait in a
 * queue of their own (Twilio's wait music), `queue` in the team's, `ring` dials the browsers,
 * `dial` an outside number (`<Number sendDigits>` with the extension), `sip` a SIP line (`<Sip>`).
 * @throws CarrierError `permanent` (`SIP_LINE_UNREACHABLE`) for a SIP line without an address
 *   (the organisation has no SIP domain).
 */
export function instructionTwiml(callSid: string, instruction: CallInstruction, urls: TwilioVoiceUrls): string {
  const response = new twilio.twiml.VoiceResponse();
  switch (instruction.kind) {
    case 'hold':
      response.enqueue(`hold:${callSid}`);
      break;
    case 'park':
      response.enqueue(`park:${instruction.parkNo}:${callSid}`);
      break;
    case 'queue':
      response.enqueue(instruction.queue);
      break;
    case 'ring':
      ring(response, instruction.identities, urls);
      break;
    case 'dial': {
      const sendDigits = sendDigitsOf(instruction.digits);
      response.dial({ answerOnBridge: true }).number(sendDigits ? { sendDigits } : {}, instruction.number);
      break;
    }
    case 'sip':
      if (!instruction.uri) throw new CarrierError('permanent', `SIP line ${instruction.username} has no address: the organisation has no SIP domain`, SIP_LINE_UNREACHABLE);
      response.dial({ answerOnBridge: true }).sip(instruction.uri);
      break;
  }
  return response.toString();
}
