import { CarrierError, type CarrierErrorKind } from '../messaging/messaging-carrier';

// One closed set of failures for every carrier (docs/behaviour/carriers.md).
export { CarrierError, type CarrierErrorKind };

/** An access token for a browser's voice device. */
export type VoiceAccessToken = {
  /** The vendor's token, handed to its device as is. */
  jwt: string;
  /** The name the device registers under: calls to this identity ring it. */
  identity: string;
  expiresAt: Date;
};

/**
 * Where a live call goes next, in the product's words (docs/behaviour/calls.md, "Call actions");
 * each vendor turns it into its own means (Twilio: TwiML through its REST API):
 * - `hold`: the caller waits alone with music, the staff member's leg ends;
 * - `ring`: the caller is put through to the first of these devices (identities: user ids) to answer;
 * - `queue`: the caller waits in the named queue (a team's) until someone picks the call;
 * - `park`: the caller waits under a park number until someone picks the call;
 * - `dial`: the caller is put through to an outside number (a transfer extension), then the
 *   extension's digits (null: none) are sent as keypad tones once it answers;
 * - `sip`: the caller is put through to a SIP line (`uri`: `sip:user@domain`, null when the
 *   organisation has no SIP domain; `userId`: the user the line is assigned to, null: none).
 *   A vendor that cannot reach the line refuses with `SIP_LINE_UNREACHABLE`;
 * - `voicemail`: the caller hears the voicemail greeting of the period (`greeting`, of
 *   `organizationId`: its text, or its stored audio), then the beep and is recorded; with
 *   `greeting.voicemail` false the call ends after the greeting (an inbound call nobody answered).
 */
export type CallInstruction =
  | { kind: 'hold' }
  | { kind: 'ring'; identities: readonly string[] }
  | { kind: 'queue'; queue: string }
  | { kind: 'park'; parkNo: number }
  | { kind: 'dial'; number: string; digits: string | null }
  | { kind: 'sip'; username: string; uri: string | null; userId: string | null }
  | {
      kind: 'voicemail';
      organizationId: string;
      greeting: { text: string; language: string; voicemail: boolean; audioGreetingId?: string };
    };

/** The `carrierCode` of a `CarrierError` refusing a `sip` instruction: nobody can take the call on that line. */
export const SIP_LINE_UNREACHABLE = 'sip-line-unreachable';

/**
 * What a voice vendor does (docs/behaviour/calls.md). Each vendor lives in its own folder
 * (`sandbox/`, `twilio/`) with everything of it; like every carrier it never reads the
 * environment or the database: what it needs is passed at construction. Calls, queues and
 * webhooks come with the call module.
 */
export interface VoiceCarrier {
  /** The vendor's name (`sandbox`, `twilio`), as `VOICE_CARRIER` names it. */
  readonly name: 'sandbox' | 'twilio';
  /**
   * An access token letting the browser of `identity` register its voice device, place calls and
   * receive the calls routed to that identity, valid `ttlSeconds`.
   * @throws CarrierError (auth) when the vendor's credentials cannot sign it.
   */
  issueAccessToken(identity: string, ttlSeconds: number, now?: Date): Promise<VoiceAccessToken>;
  /**
   * Sends the live call `callSid` (the caller's leg) where `instruction` says.
   * @throws CarrierError when the vendor refuses (the call ended: `permanent`).
   */
  redirect(input: { callSid: string; instruction: CallInstruction }): Promise<void>;
  /**
   * Ends the live call `callSid`.
   * @throws CarrierError when the vendor refuses.
   */
  hangUp(input: { callSid: string }): Promise<void>;
  /**
   * Where a call stands at the carrier (Twilio: `calls(sid).fetch()`), for the synchronization of
   * calls our records still hold open (docs/behaviour/operations.md): its status (Twilio's words:
   * queued, ringing, in-progress, completed, busy, failed, no-answer, canceled) and, once ended,
   * its length in seconds; null when the carrier does not know it.
   * @throws CarrierError on failure.
   */
  fetchCallStatus?(input: { callSid: string }): Promise<{ status: string; duration?: number } | null>;
  /**
   * The audio of a recording the vendor made (`recordingSid`: its id; `url`: where it said it
   * serves it, as the voicemail report gave it), for the app to keep. Null when the vendor has
   * no audio for it: unknown to it, an address that is not the vendor's (never fetched), or a
   * vendor whose recordings the app already holds (the sandbox's).
   * @throws CarrierError when the vendor refuses (`auth`, `rate-limited`, `permanent`) or cannot be reached (`temporary`).
   */
  fetchRecording(input: { recordingSid: string; url: string | null }): Promise<VoiceRecordingAudio | null>;
  /**
   * Asks the vendor cheaply whether it answers and takes our credentials, for the operators'
   * health panel (docs/behaviour/operations.md, "Carriers"): Twilio: the account's fetch with the API key. Absent: nothing to ask (a
   * vendor inside this process, the sandbox's), always up. The caller bounds how long it waits.
   * @throws CarrierError (or the vendor's error) when it does not answer or refuses us.
   */
  probe?(): Promise<void>;
}

/** A recording's audio as a vendor serves it: the bytes and their media type (`audio/wav`, …). */
export type VoiceRecordingAudio = { bytes: Uint8Array; contentType: string };

/** An inbound call as a vendor's webhook received it (already authenticated). Numbers as the vendor gave them. */
export type InboundCallRequest = { carrier: string; callSid: string; from: string; to: string };

/**
 * What the app decided for an inbound call, for the vendor to play: the greeting (text and its
 * language, a `SUPPORTED_LOCALES` tag), then the route: `queue` (wait in `queue`), `ring` (the
 * devices of `identities`), or `voicemail` (record a message after the greeting; with
 * `greeting.voicemail` false the period's voicemail is off: hang up after the greeting).
 */
export type InboundCallPlan = {
  callId: string;
  /** The call's organisation (whose stored greeting audio `audioGreetingId` names). */
  organizationId: string;
  /** The team whose number was called. */
  teamId: string;
  /** `audioGreetingId`: the organisation's greeting audio (FILE, RECORDING) to play instead of the text. */
  greeting: { text: string; language: string; voicemail?: boolean; audioGreetingId?: string };
  route: 'queue' | 'ring' | 'voicemail';
  queue: string;
  identities: string[];
  /** While the call waits in the queue: `message` spoken, then `pauseSeconds` of waiting, again and again (keys 1 and 0 offered). */
  queuePrompt: { message: { text: string; language: string }; pauseSeconds: number };
  /** The period's voicemail greeting, for a caller who leaves the queue for the voicemail (key 0). */
  voicemailGreeting: { text: string; language: string; voicemail: boolean; audioGreetingId?: string };
};

/**
 * What became of a caller's key 1 in the queue (a callback text), with what to say to them:
 * `requested` (say it, then hang up), `no-number` (say it, the caller waits on), `refused`
 * (nothing: the call is no longer waiting).
 */
export type CallbackReport =
  { outcome: 'requested' | 'no-number'; speech: { text: string; language: string } } | { outcome: 'refused' };

/** A call status a vendor reported: its id for the call, the status (`CALL_RECORD_STATUSES`), the length in seconds on the final one. */
export type VoiceStatusReport = { carrier: string; callSid: string; status: string; duration?: number };

/**
 * A voicemail a vendor recorded for the call `callSid`: its id, where it serves it, its length in
 * seconds; `audio` when the vendor recorded it itself (the sandbox), for the app to keep at once.
 */
export type VoicemailReport = {
  carrier: string;
  callSid: string;
  recordingSid: string;
  url: string | null;
  duration: number | null;
  audio?: VoiceRecordingAudio;
};

/**
 * Where a voice vendor's routes hand what they receive (the calls module's use cases, given by
 * the app): carriers never import a module. Each finds its organisation from what the vendor
 * sent (the team by the number called, the call by the vendor's id).
 */
export type VoiceInbox = {
  /** Stores an inbound call and says what to play; null when no team has the number called. */
  startInboundCall(request: InboundCallRequest): Promise<InboundCallPlan | null>;
  /**
   * A browser placed a call (`identity`: the user's id): stores it, and answers the number to
   * call from (the team's) and the normalised number to call.
   * @throws AppError as `startOutboundCall` (calls-disabled, forbidden, phone-invalid).
   */
  startOutboundCall(request: {
    carrier: string;
    callSid: string;
    identity: string;
    to: string;
  }): Promise<{ from: string; to: string; callId: string; teamId: string }>;
  /** Applies a status (never backwards; an unknown call id is ignored). */
  applyCallStatus(report: VoiceStatusReport): Promise<void>;
  /** A staff member's device (`identity`) answered the inbound call `callSid`. */
  answerCall(request: { carrier: string; callSid: string; identity: string }): Promise<void>;
  /** Stores a voicemail once (a retried report is ignored). */
  recordVoicemail(report: VoicemailReport): Promise<void>;
  /**
   * The plan of an inbound call already stored (never stores one: null for a call the app does
   * not have, or an outbound one): what a queued caller hears, and the voicemail after key 0.
   */
  callPlan(request: { carrier: string; callSid: string }): Promise<InboundCallPlan | null>;
  /**
   * A stored voicemail greeting's audio, for the carrier to play (null: none, or not the
   * organisation's). The route serving it checks its own signature first.
   */
  greetingAudio(request: {
    organizationId: string;
    greetingId: string;
  }): Promise<{ mediaType: string; content: Buffer } | null>;
  /**
   * The team's browsers stopped ringing the inbound call `callSid` (Twilio's `<Dial action>`;
   * docs/behaviour/calls.md, "Ring timeout"): when nobody answered (`unanswered`: the ring
   * timed out, every browser declined, or none could be reached) the call moves on
   * (`ringUnanswered`). Answers where the caller goes now: the queue or the voicemail of the
   * period, with the call's plan, when the call moved on (now or already, by the last decline);
   * null when it was answered, is over, is not the inbound call `callId`, or is unknown (hang up).
   */
  ringEnded(request: {
    carrier: string;
    callSid: string;
    callId: string;
    unanswered: boolean;
  }): Promise<{ next: 'queue' | 'voicemail'; plan: InboundCallPlan } | null>;
  /** The caller of `callSid`, waiting in the queue, pressed 1: a callback text (`requestCallback`). */
  requestCallback(request: { carrier: string; callSid: string }): Promise<CallbackReport>;
  // A network whose devices report to the app itself (the sandbox's) also says:
  /** Only these devices (`identities`) ring the inbound call `callSid` (the others are not reachable). */
  ringingOnly(request: { carrier: string; callSid: string; identities: readonly string[] }): Promise<void>;
  /**
   * The device `identity` declined the inbound call `callSid` ringing it (the API's rule of a
   * decline): where the call moved on to when it was the last it rang (`queue`, `voicemail`), else null.
   */
  declineRinging(request: {
    carrier: string;
    callSid: string;
    identity: string;
  }): Promise<'queue' | 'voicemail' | null>;
  /**
   * The call `callSid` ended (`completed` once answered, `canceled` before); idempotent.
   * @throws AppError 'not-found' when the app has no such call.
   */
  endCall(request: { carrier: string; callSid: string; outcome: 'completed' | 'canceled' }): Promise<void>;
};
