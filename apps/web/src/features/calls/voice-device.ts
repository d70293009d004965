import type { CallOrigin } from '@accueil/domain';

/**
 * What a voice device reports (docs/behaviour/calls.md, "The voice device"). Call ids are the
 * device's own: the carrier's call id for inbound calls, the id given to `connect` for outbound ones.
 */
export type VoiceDeviceReport =
  | { type: 'registered' }
  | { type: 'unregistered' }
  | { type: 'error'; code: number }
  | { type: 'token-will-expire' }
  | { type: 'incoming'; callId: string; from: string; origin: CallOrigin; forTeamId: string | null }
  /** An outbound call's leg reached the carrier (it rings the callee). */
  | { type: 'connected'; callId: string }
  /** The other end hung up or cancelled, or the carrier dropped the call. */
  | { type: 'ended'; callId: string };

/** An outbound call's details as the carrier knows them. */
export interface CallDetails {
  /** The callee picked up. */
  answered: boolean;
}

/**
 * One interface over the browser's voice devices: the sandbox's (WebRTC with the app's own
 * signalling, `sandbox-device.ts`) and Twilio's Voice SDK (`twilio-device.ts`). The call machine
 * (`transitionVoiceCall`) and the device machine (`transitionVoiceDevice`) decide; a device only
 * does what they ask and reports what happens. Hold, resume, transfer and the queue are not the
 * device's: they are the server's call actions, which move the live call at the carrier.
 */
export interface VoiceDevice {
  readonly carrier: 'sandbox' | 'twilio';
  /** Registers under the token's identity; reports `registered` (or `error`). */
  register(token: string): Promise<void>;
  /** Hands the device a refreshed token. */
  updateToken(token: string): Promise<void>;
  /** Hangs every call up and stops listening. */
  destroy(): void;
  /** Places a call to the E.164 number `to` under the id `callId`; reports `connected` once the leg is up. */
  connect(callId: string, to: string): Promise<void>;
  answer(callId: string): Promise<void>;
  reject(callId: string): Promise<void>;
  disconnect(callId: string): Promise<void>;
  /** The outbound call's details (polled until the callee answers). @throws when the lookup fails. */
  details(callId: string): Promise<CallDetails>;
  /** Mutes or unmutes this browser's microphone on the current call. */
  setMuted(muted: boolean): void;
  /** Plays keypad tones (DTMF) on the current call: 0-9, *, #. */
  sendDigits(digits: string): void;
  /** Listens to what the device reports; returns the unsubscribe function. */
  subscribe(listener: (report: VoiceDeviceReport) => void): () => void;
}

/** A minimal listener set for devices. */
export function createReporter(): {
  emit: (report: VoiceDeviceReport) => void;
  subscribe: VoiceDevice['subscribe'];
} {
  const listeners = new Set<(report: VoiceDeviceReport) => void>();
  return {
    emit: (report) => listeners.forEach((l) => l(report)),
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
