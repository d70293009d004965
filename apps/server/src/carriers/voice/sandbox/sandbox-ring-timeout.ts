import { INBOUND_RING_TIMEOUT_S } from '@accueil/domain';
import type { CarrierHost } from '../../carrier-slot';
import { SANDBOX_VOICE_CARRIER } from './sandbox-call-records';
import { announceCall } from './sandbox-voice-events';
import { sendToVoicemail, waitInQueue, type SandboxVoiceNetwork } from './sandbox-voice-media';

/** How long a sandbox call rings the team (ms): `INBOUND_RING_TIMEOUT_S`; tests shorten it. */
export const sandboxRingTiming = { timeoutMs: INBOUND_RING_TIMEOUT_S * 1000 };

const timers = new WeakMap<SandboxVoiceNetwork, Map<string, NodeJS.Timeout>>();
const timersOf = (net: SandboxVoiceNetwork) => timers.get(net) ?? timers.set(net, new Map()).get(net)!;

/** Starts the ring timeout of an inbound call ringing the team: past it, `ringOut`. */
export function startRingTimer(deps: CarrierHost, net: SandboxVoiceNetwork, callId: string): void {
  clearRingTimer(net, callId);
  const timer = setTimeout(() => {
    timersOf(net).delete(callId);
    void ringOut(deps, net, callId).catch((err: unknown) =>
      deps.log.warn({ err, callId }, 'sandbox call: the ring timeout failed'),
    );
  }, sandboxRingTiming.timeoutMs);
  timer.unref();
  timersOf(net).set(callId, timer);
}

/** Stops the call's ring timeout, if one runs (answered, moved by a staff action, ended). */
export function clearRingTimer(net: SandboxVoiceNetwork, callId: string): void {
  const timer = timersOf(net).get(callId);
  if (timer) clearTimeout(timer);
  timersOf(net).delete(callId);
}

/**
 * Nobody answered the inbound call ringing the team in time: it moves on as the app says
 * (`VoiceInbox.ringEnded`, unanswered), then `playMovedOn`. A call no longer ringing the team (answered,
 * transferred, ended) is left alone.
 */
export async function ringOut(deps: CarrierHost, net: SandboxVoiceNetwork, callId: string): Promise<void> {
  clearRingTimer(net, callId);
  const call = net.switchboard.get(callId);
  if (
    !call?.plan ||
    call.state !== 'ringing' ||
    call.plan.route !== 'ring' ||
    call.outside ||
    call.staffUserId ||
    !call.recordId
  )
    return;
  const moved = await deps.voiceInbox.ringEnded({
    carrier: SANDBOX_VOICE_CARRIER,
    callSid: callId,
    callId: call.recordId,
    unanswered: true,
  });
  if (moved) await playMovedOn(deps, net, callId, moved.next);
}

/**
 * `userId` declined the call on their device: the app's rule of a decline
 * (`VoiceInbox.declineRinging`, the API's too) says whether it moves on — they were the last it rang —;
 * then `playMovedOn` (not awaited: the queue's message and music go on until someone picks).
 */
export async function declinedOnDevice(
  deps: CarrierHost,
  net: SandboxVoiceNetwork,
  callId: string,
  userId: string,
): Promise<void> {
  const route = await deps.voiceInbox.declineRinging({
    carrier: SANDBOX_VOICE_CARRIER,
    callSid: callId,
    identity: userId,
  });
  if (route)
    void playMovedOn(deps, net, callId, route).catch((err: unknown) =>
      deps.log.warn({ err, callId }, 'sandbox call: moving on failed'),
    );
}

/**
 * The call moved on (nobody answered, or everyone it rang declined): the browsers it rang stop
 * ringing, and the caller waits in the queue (its message and music) or hears the voicemail
 * greeting of the period, the beep and is recorded (the server hangs up when that voicemail is
 * off). A call the switchboard no longer has ringing the team is left alone.
 */
export async function playMovedOn(
  deps: CarrierHost,
  net: SandboxVoiceNetwork,
  callId: string,
  route: 'queue' | 'voicemail',
): Promise<void> {
  clearRingTimer(net, callId);
  const now = net.switchboard.get(callId);
  if (!now?.plan || now.state !== 'ringing' || now.plan.route !== 'ring') return;
  const next = net.switchboard.update(callId, { offeredTo: [], plan: { ...now.plan, route } })!;
  announceCall(deps, next, now.offeredTo);
  if (route === 'queue') await waitInQueue(net, callId);
  else await sendToVoicemail(deps, net, callId);
}
