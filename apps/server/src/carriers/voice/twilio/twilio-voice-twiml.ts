import { INBOUND_RING_TIMEOUT_S } from '@accueil/domain';
import twilio from 'twilio';
import type VoiceResponse from 'twilio/lib/twiml/VoiceResponse';
import {
  CarrierError,
  SIP_LINE_UNREACHABLE,
  type CallbackReport,
  type CallInstruction,
  type InboundCallPlan,
} from '../voice-carrier';

/** Paths of Twilio Voice's webhooks (the incoming call URL of the team numbers, the TwiML application's voice URL, the callbacks). */
export const TWILIO_VOICE_PATHS = {
  incoming: '/api/webhooks/twilio/voice/incoming',
  outbound: '/api/webhooks/twilio/voice/outbound',
  status: '/api/webhooks/twilio/voice/status',
  agentStatus: '/api/webhooks/twilio/voice/agent-status',
  voicemail: '/api/webhooks/twilio/voice/voicemail',
  queueWait: '/api/webhooks/twilio/voice/queue-wait',
  queueKey: '/api/webhooks/twilio/voice/queue-key',
  queueLeft: '/api/webhooks/twilio/voice/queue-left',
  /** The `<Dial action>` of an inbound call ringing the team (Fastify's parameter: the app's call id). */
  dialAction: '/api/webhooks/twilio/voice/dial-action/:callId',
} as const;

/** The longest voicemail Twilio records (seconds). */
export const VOICEMAIL_MAX_SECONDS = 120;

/** How long Twilio waits for a key after the queue's message and pause (seconds; its default, 5, would lengthen every pause). */
const QUEUE_KEY_TIMEOUT_SECONDS = 1;
/** The wait of a queued call whose queue prompt is unknown (the call is not the app's, or incoming calls were turned off). */
const QUEUE_UNKNOWN_PAUSE_SECONDS = 30;

/** The absolute URLs of the callbacks, from `PUBLIC_URL`. */
export type TwilioVoiceUrls = {
  agentStatus: string;
  voicemail: string;
  status: string;
  queueWait: string;
  queueKey: string;
  queueLeft: string;
  /** The `<Dial action>` of the inbound call `callId` ringing the team (its id in the path, which Twilio's signature covers). */
  dialAction: (callId: string) => string;
  /** The signed address of a greeting's audio (`greetingAudioSigner`); absent, greetings are spoken. */
  greetingAudio?: (organizationId: string, greetingId: string) => string;
};

/** The callbacks' absolute URLs under `publicUrl` (its path prefix kept); `greetingAudio` signs the greetings' audio addresses. */
export function twilioVoiceUrls(
  publicUrl: string,
  greetingAudio?: TwilioVoiceUrls['greetingAudio'],
): TwilioVoiceUrls {
  const base = publicUrl.replace(/\/+$/, '');
  const url = (path: keyof typeof TWILIO_VOICE_PATHS) => `${base}${TWILIO_VOICE_PATHS[path]}`;
  const urls = {
    agentStatus: url('agentStatus'),
    voicemail: url('voicemail'),
    status: url('status'),
    queueWait: url('queueWait'),
    queueKey: url('queueKey'),
    queueLeft: url('queueLeft'),
    dialAction: (callId: string) => url('dialAction').replace(':callId', encodeURIComponent(callId)),
  };
  return greetingAudio ? { ...urls, greetingAudio } : urls;
}

type Spoken = { text: string; language: string };
type Sayer = Pick<VoiceResponse, 'say'>;
/** `<Say language>` of a text in a locale's language (Twilio's text-to-speech). */
const say = (parent: Sayer, spoken: Spoken) =>
  parent.say(
    { language: spoken.language as NonNullable<VoiceResponse.SayAttributes['language']> },
    spoken.text,
  );

/** A greeting: its stored audio played (`<Play>` of its signed address) when it has some, else its text said. */
function greet(
  response: VoiceResponse,
  greeting: Spoken & { audioGreetingId?: string },
  organizationId: string,
  urls: TwilioVoiceUrls,
): void {
  if (greeting.audioGreetingId && urls.greetingAudio)
    response.play(urls.greetingAudio(organizationId, greeting.audioGreetingId));
  else say(response, greeting);
}

/**
 * Waits in the team's queue (`<Enqueue>`): Twilio fetches the queue-wait URL for what the caller
 * hears meanwhile (`queueWaitTwiml`), and the queue-left URL once they leave it (`queueLeftTwiml`).
 */
function enqueue(response: VoiceResponse, queue: string, urls: TwilioVoiceUrls): void {
  response.enqueue({ waitUrl: urls.queueWait, action: urls.queueLeft }, queue);
}

/** The voicemail: the beep and `<Record>` (reported to the voicemail callback), then `<Hangup>`; only `<Hangup>` when the period's voicemail is off. */
function voicemail(response: VoiceResponse, greeting: { voicemail?: boolean }, urls: TwilioVoiceUrls): void {
  if (greeting.voicemail !== false) {
    response.record({
      maxLength: VOICEMAIL_MAX_SECONDS,
      playBeep: true,
      recordingStatusCallback: urls.voicemail,
      recordingStatusCallbackEvent: ['completed'],
    });
  }
  response.hangup();
}

/** The voicemail of the call's period, for a caller sent there after their arrival: its greeting, then `voicemail`. */
function periodVoicemail(
  response: VoiceResponse,
  plan: Pick<InboundCallPlan, 'voicemailGreeting' | 'organizationId'>,
  urls: TwilioVoiceUrls,
): void {
  greet(response, plan.voicemailGreeting, plan.organizationId, urls);
  voicemail(response, plan.voicemailGreeting, urls);
}

/**
 * Rings the first of these browsers to answer (`<Dial><Client>` per user id); each client leg
 * reports its answer to the agent-status callback, which records who answered. `action`: an
 * inbound call ringing the team rings at most `INBOUND_RING_TIMEOUT_S`, then Twilio asks the
 * dial-action URL what next (`dialActionTwiml`: the queue or the voicemail when nobody answered).
 */
function ring(
  response: VoiceResponse,
  identities: readonly string[],
  urls: TwilioVoiceUrls,
  action?: string,
): void {
  const dial = response.dial(
    action ? { answerOnBridge: true, timeout: INBOUND_RING_TIMEOUT_S, action } : { answerOnBridge: true },
  );
  for (const identity of identities)
    dial.client(
      { statusCallback: urls.agentStatus, statusCallbackEvent: ['answered', 'completed'] },
      identity,
    );
}

/**
 * TwiML for an inbound call, from the app's plan: the greeting (`<Say>` in its language, or
 * `<Play>` of the organisation's greeting audio), then
 * the queue (`<Enqueue>`), the team's browsers (`<Dial timeout action><Client>`: nobody answering
 * within `INBOUND_RING_TIMEOUT_S`, the dial-action URL moves it on), or a voicemail (`<Record>`,
 * at most VOICEMAIL_MAX_SECONDS, reported to the voicemail callback, then `<Hangup>`; only
 * `<Hangup>` when the period's voicemail is off).
 */
export function inboundCallTwiml(plan: InboundCallPlan, urls: TwilioVoiceUrls): string {
  const response = new twilio.twiml.VoiceResponse();
  greet(response, plan.greeting, plan.organizationId, urls);
  if (plan.route === 'queue') enqueue(response, plan.queue, urls);
  else if (plan.route === 'ring') ring(response, plan.identities, urls, urls.dialAction(plan.callId));
  else voicemail(response, plan.greeting, urls);
  return response.toString();
}

/** Where an inbound call goes once the team's browsers stopped ringing (`VoiceInbox.ringEnded`): null, nowhere (hang up). */
export type AfterRing = { next: 'queue' | 'voicemail'; plan: InboundCallPlan } | null;

/**
 * TwiML of the dial-action URL (the `<Dial>` ringing the team ended; docs/behaviour/calls.md,
 * "Ring timeout"): the queue (`<Enqueue>`, as an inbound call's) or the voicemail of the period
 * (its greeting, `<Record>`, `<Hangup>`; only the greeting and `<Hangup>` when that voicemail is
 * off) when the call moved on; `<Hangup/>` otherwise (the call was answered and is over, or it
 * was never the app's).
 */
export function dialActionTwiml(after: AfterRing, urls: TwilioVoiceUrls): string {
  const response = new twilio.twiml.VoiceResponse();
  if (after?.next === 'queue') {
    enqueue(response, after.plan.queue, urls);
  } else if (after?.next === 'voicemail') {
    periodVoicemail(response, after.plan, urls);
  } else {
    response.hangup();
  }
  return response.toString();
}

/**
 * TwiML of the queue-wait URL, what a caller waiting in the queue hears (docs/behaviour/calls.md,
 * "The queue on the phone"): within `<Gather numDigits="1">` (a key goes to the queue-key URL),
 * the queue message (`<Say>` in the organisation's language) and the pause (`<Pause>`), then
 * `<Redirect>` to the queue-wait URL again. No prompt (a call the app does not know): a pause.
 */
export function queueWaitTwiml(prompt: InboundCallPlan['queuePrompt'] | null, urls: TwilioVoiceUrls): string {
  const response = new twilio.twiml.VoiceResponse();
  if (prompt) {
    const gather = response.gather({
      numDigits: 1,
      timeout: QUEUE_KEY_TIMEOUT_SECONDS,
      action: urls.queueKey,
    });
    say(gather, prompt.message);
    gather.pause({ length: prompt.pauseSeconds });
  } else {
    response.pause({ length: QUEUE_UNKNOWN_PAUSE_SECONDS });
  }
  response.redirect(urls.queueWait);
  return response.toString();
}

/**
 * TwiML of the queue-key URL (the caller pressed a key while waiting): 0 leaves the queue
 * (`<Leave>`: the queue-left URL then takes the voicemail); 1, with `callback` the app's answer to
 * the callback request: the confirmation then `<Hangup>`, or "your number cannot be texted" and
 * back to waiting; any other key (or a refused request) back to waiting.
 */
export function queueKeyTwiml(key: string, callback: CallbackReport | null, urls: TwilioVoiceUrls): string {
  const response = new twilio.twiml.VoiceResponse();
  if (key === '0') {
    response.leave();
    return response.toString();
  }
  if (callback && callback.outcome !== 'refused') say(response, callback.speech);
  if (callback?.outcome === 'requested') response.hangup();
  else response.redirect(urls.queueWait);
  return response.toString();
}

/**
 * TwiML of the queue-left URL (`<Enqueue action>`): a caller who left the queue with key 0
 * (`QueueResult` leave) hears the period's voicemail greeting and leaves a message (or hears it and
 * is hung up on when that voicemail is off); any other end of the wait (bridged, hung up,
 * redirected by a call action) needs nothing more: an empty response.
 */
export function queueLeftTwiml(
  queueResult: string | undefined,
  plan: InboundCallPlan | null,
  urls: TwilioVoiceUrls,
): string {
  const response = new twilio.twiml.VoiceResponse();
  if (queueResult === 'leave' && plan) periodVoicemail(response, plan, urls);
  return response.toString();
}

/** TwiML for a call placed from a browser: dial `to` from the team's number, reporting the callee's leg to the status callback. */
export function outboundCallTwiml(call: { from: string; to: string }, urls: TwilioVoiceUrls): string {
  const response = new twilio.twiml.VoiceResponse();
  response
    .dial({ callerId: call.from, answerOnBridge: true })
    .number(
      { statusCallback: urls.status, statusCallbackEvent: ['ringing', 'answered', 'completed'] },
      call.to,
    );
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
 * queue of their own (Twilio's wait music), `queue` in the team's (its message and keys, as an
 * inbound call's), `ring` dials the browsers,
 * `dial` an outside number (`<Number sendDigits>` with the extension), `sip` a SIP line (`<Sip>`),
 * `voicemail` the period's greeting and `<Record>` (a call nobody answered).
 * @throws CarrierError `permanent` (`SIP_LINE_UNREACHABLE`) for a SIP line without an address
 *   (the organisation has no SIP domain).
 */
export function instructionTwiml(
  callSid: string,
  instruction: CallInstruction,
  urls: TwilioVoiceUrls,
): string {
  const response = new twilio.twiml.VoiceResponse();
  switch (instruction.kind) {
    case 'hold':
      response.enqueue(`hold:${callSid}`);
      break;
    case 'park':
      response.enqueue(`park:${instruction.parkNo}:${callSid}`);
      break;
    case 'queue':
      enqueue(response, instruction.queue, urls);
      break;
    case 'ring':
      ring(response, instruction.identities, urls);
      break;
    case 'dial': {
      const sendDigits = sendDigitsOf(instruction.digits);
      response.dial({ answerOnBridge: true }).number(sendDigits ? { sendDigits } : {}, instruction.number);
      break;
    }
    case 'voicemail':
      periodVoicemail(
        response,
        { voicemailGreeting: instruction.greeting, organizationId: instruction.organizationId },
        urls,
      );
      break;
    case 'sip':
      if (!instruction.uri)
        throw new CarrierError(
          'permanent',
          `SIP line ${instruction.username} has no address: the organisation has no SIP domain`,
          SIP_LINE_UNREACHABLE,
        );
      response.dial({ answerOnBridge: true }).sip(instruction.uri);
      break;
  }
  return response.toString();
}
