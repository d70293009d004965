import { isBusy, type VoiceCallSnapshot } from './voice-call';

// What the call panel and the call button show, read from the call machine's snapshot
// (docs/behaviour/calls.md, "The call in the browser").

/** The call panel's title (each a localised text). */
export type CallPanelTitle = 'calling' | 'outbound-call' | 'incoming-call' | 'transferred-call';

/**
 * The call panel's title: an outbound call shows 'calling' while its duration is 00:00 (not
 * answered yet), then 'outbound-call'; a transferred call 'transferred-call'; any other inbound
 * call 'incoming-call'. Null when idle. `elapsedSeconds` counts from the answer. A call is
 * transferred when the device says so (its origin) or the server's record does (`transferred`:
 * the call reached its team through a transfer).
 */
export function callPanelTitle(
  snapshot: VoiceCallSnapshot,
  elapsedSeconds: number,
  server?: { transferred: boolean },
): CallPanelTitle | null {
  const call = snapshot.call;
  if (snapshot.phase === 'idle' || !call) return null;
  if (call.direction === 'outbound')
    return !call.answered || elapsedSeconds < 1 ? 'calling' : 'outbound-call';
  return call.origin === 'transfer' || server?.transferred ? 'transferred-call' : 'incoming-call';
}

/** What decides whether the call button is offered. */
export interface CallButtonContext {
  webCallsEnabled: boolean;
  deviceReady: boolean;
  /** The organisation's tier allows outgoing calls (permission code 1, or no tier data). */
  outgoingCallsAllowed: boolean;
}

/**
 * The call button is available only when web calls are enabled, outgoing calls are allowed,
 * the voice device is ready, and no call is current or ringing.
 */
export function canPlaceCall(snapshot: VoiceCallSnapshot, context: CallButtonContext): boolean {
  return context.webCallsEnabled && context.outgoingCallsAllowed && context.deviceReady && !isBusy(snapshot);
}
