import { randomUUID } from 'node:crypto';
import type { SessionDescription } from '@accueil/domain';
import type { CarrierHost } from '../../carrier-slot';
import { beepFrames, holdMusicFrames } from './sandbox-audio';
import type { MediaParty, SandboxMedia } from './sandbox-media';
import { presentSandboxCall, type SandboxSwitchboard, type SwitchboardCall } from './sandbox-switchboard';
import type { SandboxCallAction } from './sandbox-voice-carrier';
import { rooms } from '../../../realtime/publisher';
import { recordSandboxCallChange, SANDBOX_VOICE_CARRIER } from './sandbox-call-records';
import { phoneRoom, SANDBOX_NAMESPACE } from '../../messaging/sandbox/sandbox-namespace';
import { clearRingTimer, playMovedOn } from './sandbox-ring-timeout';
import { announceCall } from './sandbox-voice-events';
import { dialOutside, sipLineAsRing } from './sandbox-transfer';
import { holdMusicFor, promptFrames, spokenFrames } from './sandbox-voice-prompts';

/** The sandbox voice network of this process: who and what is on which call, and their media. */
export type SandboxVoiceNetwork = { switchboard: SandboxSwitchboard; media: SandboxMedia };

/** Longest voicemail (seconds): past it the recording stops and is kept as it is. */
const VOICEMAIL_MAX_SECONDS = 120;

/**
 * Opens `party`'s media leg of `call` with the server from its offer and sends it the server's
 * answer (`voice:signal`: the phone's room for the caller, the user's room for a staff member).
 * The caller of an inbound call, once connected, hears its greeting and its route (`greetCaller`).
 * @throws Error when the offer cannot be read.
 */
export async function connectLeg(
  deps: CarrierHost,
  net: SandboxVoiceNetwork,
  call: SwitchboardCall,
  party: MediaParty,
  offer: SessionDescription,
): Promise<void> {
  const answer = await net.media.connect(call.id, party, offer);
  const payload = { callId: call.id, description: answer };
  if (party === 'caller')
    deps.realtime.publishIn(SANDBOX_NAMESPACE, phoneRoom(call.phone), 'voice:signal', payload);
  else deps.realtime.publish(rooms.user(party), 'voice:signal', payload);
  if (party === 'caller' && call.plan && call.state === 'ringing') {
    void net.media
      .connected(call.id, 'caller')
      .then(() => greetCaller(deps, net, call.id))
      .catch((err: unknown) => deps.log.warn({ err, callId: call.id }, 'sandbox call: the greeting failed'));
  }
}

/**
 * What an inbound call's caller hears until a staff member takes it: the greeting (the
 * organisation's audio file or recording of the period, else its text spoken), then the route's
 * audio — hold music while the team's browsers ring, the queue's message and music while it
 * waits in the queue (`waitInQueue`), or the beep and the voicemail's recording. A staff member
 * answering meanwhile cuts it short.
 */
export async function greetCaller(
  deps: CarrierHost,
  net: SandboxVoiceNetwork,
  callId: string,
): Promise<void> {
  const call = net.switchboard.get(callId);
  if (!call?.plan || call.state !== 'ringing') return;
  if (!(await net.media.play(callId, await promptFrames(deps, call.organizationId, call.plan.greeting))))
    return;
  if (call.plan.route === 'voicemail') return takeVoicemail(deps, net, callId);
  if (call.plan.route === 'queue') return waitInQueue(net, callId);
  net.media.hold(callId, holdMusicFrames());
}

/**
 * A caller waiting in the queue hears the queue message (the organisation's, else the product's,
 * which tells the keys), then the hold music for the pause of the Phones settings, again and
 * again, until something else is played to them (a staff member picks the call, they press a
 * key, the call ends).
 */
export async function waitInQueue(net: SandboxVoiceNetwork, callId: string): Promise<void> {
  for (;;) {
    const call = net.switchboard.get(callId);
    if (!call?.plan || call.state !== 'ringing' || call.plan.route !== 'queue') return;
    if (!(await net.media.play(callId, await spokenFrames(call.plan.queuePrompt.message)))) return;
    if (!(await net.media.play(callId, holdMusicFor(call.plan.queuePrompt.pauseSeconds)))) return;
  }
}

/**
 * The beep, then the caller's message is recorded until they hang up (or VOICEMAIL_MAX_SECONDS).
 * With the period's voicemail turned off, the server hangs up instead (the greeting said so).
 */
async function takeVoicemail(deps: CarrierHost, net: SandboxVoiceNetwork, callId: string): Promise<void> {
  const call = net.switchboard.get(callId);
  if (call?.plan && !call.plan.voicemail) return hangUpOnCaller(deps, net, call);
  if (!(await net.media.play(callId, beepFrames()))) return;
  net.media.startRecording(callId);
  setTimeout(() => {
    const call = net.switchboard.get(callId);
    if (call)
      void endVoicemailCall(deps, net, call).catch((err: unknown) =>
        deps.log.warn({ err, callId }, 'sandbox call: the voicemail could not be kept'),
      );
  }, VOICEMAIL_MAX_SECONDS * 1000).unref();
}

/** The voicemail's time is up: it is kept, and the server hangs up on the caller. */
async function endVoicemailCall(
  deps: CarrierHost,
  net: SandboxVoiceNetwork,
  call: SwitchboardCall,
): Promise<void> {
  await keepVoicemail(deps, net, call);
  await hangUpOnCaller(deps, net, call);
}

/** The server ends the call: its legs closed, the phone and the staff told, the call recorded as ended. */
async function hangUpOnCaller(
  deps: CarrierHost,
  net: SandboxVoiceNetwork,
  call: SwitchboardCall,
): Promise<void> {
  net.media.end(call.id);
  const ended = net.switchboard.update(call.id, { state: 'ended' });
  if (!ended) return;
  announceCall(deps, ended);
  await recordSandboxCallChange(deps, ended, 'ended');
}

/**
 * The caller of a queued call pressed `key`: 0 leaves the queue for the voicemail (its greeting
 * of the period, the beep, the recording); 1 asks for a callback text (`askCallback`). Other
 * keys change nothing, as do all while the call rings an outside number it was transferred to.
 */
export async function onCallerKey(
  deps: CarrierHost,
  net: SandboxVoiceNetwork,
  callId: string,
  key: string,
): Promise<void> {
  const call = net.switchboard.get(callId);
  if (!call?.plan || call.state !== 'ringing' || call.plan.route !== 'queue' || call.outside) return;
  if (key === '1') return askCallback(deps, net, call);
  if (key !== '0') return;
  net.switchboard.update(callId, { plan: { ...call.plan, route: 'voicemail' } });
  await sendToVoicemail(deps, net, callId);
}

/** The caller leaves for the voicemail: its greeting of the period, then `takeVoicemail`. */
export async function sendToVoicemail(
  deps: CarrierHost,
  net: SandboxVoiceNetwork,
  callId: string,
): Promise<void> {
  const call = net.switchboard.get(callId);
  if (!call?.plan) return;
  if (
    await net.media.play(callId, await promptFrames(deps, call.organizationId, call.plan.voicemailGreeting))
  )
    await takeVoicemail(deps, net, callId);
}

/**
 * Key 1 in the queue (`requestCallback`, once per call): the call leaves the queue and the caller
 * is texted; they hear the confirmation, then the server hangs up. A number that cannot be
 * texted: they hear so and wait on. A call no longer waiting (picked meanwhile) is left alone.
 */
async function askCallback(
  deps: CarrierHost,
  net: SandboxVoiceNetwork,
  call: SwitchboardCall,
): Promise<void> {
  if (!call.plan || call.plan.callbackAsked) return;
  net.switchboard.update(call.id, { plan: { ...call.plan, callbackAsked: true } });
  const result = await deps.voiceInbox.requestCallback({ carrier: SANDBOX_VOICE_CARRIER, callSid: call.id });
  if (result.outcome === 'refused') return;
  if (result.outcome === 'no-number') {
    const now = net.switchboard.get(call.id);
    if (now?.plan) net.switchboard.update(call.id, { plan: { ...now.plan, callbackAsked: false } });
    if (await net.media.play(call.id, await spokenFrames(result.speech))) await waitInQueue(net, call.id);
    return;
  }
  await net.media.play(call.id, await spokenFrames(result.speech));
  const now = net.switchboard.get(call.id);
  if (now) await hangUpOnCaller(deps, net, now);
}

/**
 * Stops the call's voicemail recording, if one runs, and hands it to the app
 * (`VoiceInbox.recordVoicemail`, the audio kept in the calls module's recording store as WebM/Opus). A message shorter than
 * half a second is no message.
 */
export async function keepVoicemail(
  deps: CarrierHost,
  net: SandboxVoiceNetwork,
  call: SwitchboardCall,
): Promise<void> {
  const recording = await net.media.stopRecording(call.id);
  if (!recording || recording.durationSeconds < 0.5) return;
  await deps.voiceInbox.recordVoicemail({
    carrier: SANDBOX_VOICE_CARRIER,
    callSid: call.id,
    recordingSid: `sandbox-${randomUUID()}`,
    url: null,
    duration: Math.max(1, Math.round(recording.durationSeconds)),
    audio: { bytes: recording.bytes, contentType: recording.contentType },
  });
}

/**
 * What the calls module's actions do to a live sandbox call (`SandboxVoiceCarrier.redirect` and
 * `hangUp`; docs/behaviour/calls.md, "Sandbox calls"):
 * - `hold`: the caller hears the hold music, the staff member neither hears nor reaches them;
 * - `ring` the member already on the call (resume): bridged again at once; other members
 *   (a transfer, a pick): their browsers ring, the caller hears the hold music meanwhile;
 * - `queue`: the caller waits with the queue's message and music (`waitInQueue`), `park` with the
 *   hold music; the staff member's leg is closed;
 * - `dial` an outside number: its phone simulators ring (`dialOutside`); `sip`: the browser of the
 *   line's user rings, as `ring` (`sipLineAsRing`; nobody to ring: refused);
 * - `voicemail` (a call everyone declined): the browsers stop ringing, the caller hears the
 *   period's voicemail greeting and is recorded (`playMovedOn`);
 * - `hang-up`: every leg is closed.
 * A call the switchboard does not know (made by the tests without a phone) is left alone.
 */
export function moveSandboxCall(
  deps: CarrierHost,
  net: SandboxVoiceNetwork,
  action: SandboxCallAction,
): void {
  const { switchboard, media } = net;
  const call = switchboard.get(action.callSid);
  if (!call) return;
  clearRingTimer(net, call.id);
  const instruction =
    action.instruction.kind === 'sip' ? sipLineAsRing(net, action.instruction) : action.instruction;
  const leave = (): string[] => {
    if (call.staffUserId) media.dropLeg(call.id, call.staffUserId);
    return call.staffUserId ? [call.staffUserId] : [];
  };
  switch (instruction.kind) {
    case 'hang-up':
      media.end(call.id);
      announceCall(deps, switchboard.update(call.id, { state: 'ended' })!);
      return;
    case 'hold':
      media.hold(call.id, holdMusicFrames());
      announceCall(deps, switchboard.update(call.id, { state: 'held' })!);
      return;
    case 'ring': {
      if (call.staffUserId && instruction.identities.includes(call.staffUserId) && call.state !== 'ringing') {
        media.bridge(call.id, call.staffUserId);
        announceCall(deps, switchboard.update(call.id, { state: 'in-progress' })!);
        return;
      }
      const left = leave();
      media.hold(call.id, holdMusicFrames());
      const offeredTo = instruction.identities.filter((id) => switchboard.isRegistered(id));
      // Only connected browsers ring (the call's ringing members are written once the action commits: this waits for its lock).
      if (offeredTo.length !== instruction.identities.length)
        void deps.voiceInbox
          .ringingOnly({ carrier: SANDBOX_VOICE_CARRIER, callSid: call.id, identities: offeredTo })
          .catch((err: unknown) =>
            deps.log.warn({ err, callId: call.id }, 'sandbox call: its ringing members not narrowed'),
          );
      const next = switchboard.update(call.id, { state: 'ringing', staffUserId: null, offeredTo })!;
      announceCall(deps, next, left);
      for (const userId of offeredTo)
        deps.realtime.publish(rooms.user(userId), 'voice:incoming', { call: presentSandboxCall(next) });
      return;
    }
    case 'dial':
      return dialOutside(deps, net, call, instruction);
    case 'voicemail':
      // Everyone it rang declined through the API: as `declinedOnDevice`.
      void playMovedOn(deps, net, call.id, 'voicemail').catch((err: unknown) =>
        deps.log.warn({ err, callId: call.id }, 'sandbox call: moving on failed'),
      );
      return;
    case 'queue':
    case 'park': {
      const left = leave();
      // Back in a queue, an inbound caller hears the queue's message and music (and may press 1 or 0).
      const queued =
        instruction.kind === 'queue' && call.plan ? { plan: { ...call.plan, route: 'queue' as const } } : {};
      const next = switchboard.update(call.id, {
        state: 'ringing',
        staffUserId: null,
        offeredTo: [],
        ...queued,
      })!;
      if ('plan' in queued) void waitInQueue(net, call.id);
      else media.hold(call.id, holdMusicFrames());
      announceCall(deps, next, left);
      return;
    }
  }
}
