import { randomUUID } from 'node:crypto';
import type { SessionDescription } from '@accueil/domain';
import type { HostDeps } from '../../app-deps';
import { beepFrames, encodeOpusFrames, holdMusicFrames, resampleTo48k } from '../../carriers/voice/sandbox/sandbox-audio';
import type { MediaParty, SandboxMedia } from '../../carriers/voice/sandbox/sandbox-media';
import { presentSandboxCall, type SandboxSwitchboard, type SpokenText, type SwitchboardCall } from '../../carriers/voice/sandbox/sandbox-switchboard';
import type { SandboxCallAction } from '../../carriers/voice/sandbox/sandbox-voice-carrier';
import { synthesizeSpeech } from '../../carriers/voice/speech';
import { rooms } from '../../realtime/publisher';
import { recordVoicemail } from '../calls/index';
import { recordSandboxCallChange, SANDBOX_VOICE_CARRIER } from './sandbox-call-records';
import { phoneRoom, SANDBOX_NAMESPACE } from './sandbox-namespace';
import { announceCall } from './sandbox-voice-events';
import { dialOutside, sipLineAsRing } from './sandbox-transfer';

/** The sandbox voice network of this process: who and what is on which call, and their media. */
export type SandboxVoiceNetwork = { switchboard: SandboxSwitchboard; media: SandboxMedia };

/** Longest voicemail (seconds): past it the recording stops and is kept as it is. */
const VOICEMAIL_MAX_SECONDS = 120;
/** Spoken prompts kept encoded (a greeting per organisation, language and period). */
const PROMPT_CACHE_SIZE = 64;
const prompts = new Map<string, Promise<Buffer[]>>();

/** `spoken` as 20 ms Opus frames: synthesised (speech.ts), resampled to 48 kHz, encoded; kept for the next caller. */
export function spokenFrames(spoken: SpokenText): Promise<Buffer[]> {
  const key = `${spoken.language}\n${spoken.text}`;
  let frames = prompts.get(key);
  if (!frames) {
    frames = synthesizeSpeech(spoken).then(({ sampleRate, samples }) => encodeOpusFrames(resampleTo48k(samples, sampleRate)));
    frames.catch(() => prompts.delete(key));
    prompts.set(key, frames);
    if (prompts.size > PROMPT_CACHE_SIZE) prompts.delete(prompts.keys().next().value!);
  }
  return frames;
}

/**
 * Opens `party`'s media leg of `call` with the server from its offer and sends it the server's
 * answer (`voice:signal`: the phone's room for the caller, the user's room for a staff member).
 * The caller of an inbound call, once connected, hears its greeting and its route (`greetCaller`).
 * @throws Error when the offer cannot be read.
 */
export async function connectLeg(deps: HostDeps, net: SandboxVoiceNetwork, call: SwitchboardCall, party: MediaParty, offer: SessionDescription): Promise<void> {
  const answer = await net.media.connect(call.id, party, offer);
  const payload = { callId: call.id, description: answer };
  if (party === 'caller') deps.realtime.publishIn(SANDBOX_NAMESPACE, phoneRoom(call.phone), 'voice:signal', payload);
  else deps.realtime.publish(rooms.user(party), 'voice:signal', payload);
  if (party === 'caller' && call.plan && call.state === 'ringing') {
    void net.media
      .connected(call.id, 'caller')
      .then(() => greetCaller(deps, net, call.id))
      .catch((err: unknown) => deps.log.warn({ err, callId: call.id }, 'sandbox call: the greeting failed'));
  }
}

/**
 * What an inbound call's caller hears until a staff member takes it: the greeting, then the
 * route's audio — hold music while the team's browsers ring or the call waits in the queue, or
 * the beep and the voicemail's recording. A staff member answering meanwhile cuts it short.
 */
export async function greetCaller(deps: HostDeps, net: SandboxVoiceNetwork, callId: string): Promise<void> {
  const call = net.switchboard.get(callId);
  if (!call?.plan || call.state !== 'ringing') return;
  if (!(await net.media.play(callId, await spokenFrames(call.plan.greeting)))) return;
  if (call.plan.route === 'voicemail') return takeVoicemail(deps, net, callId);
  net.media.hold(callId, holdMusicFrames());
}

/**
 * The beep, then the caller's message is recorded until they hang up (or VOICEMAIL_MAX_SECONDS).
 * With the period's voicemail turned off, the server hangs up instead (the greeting said so).
 */
async function takeVoicemail(deps: HostDeps, net: SandboxVoiceNetwork, callId: string): Promise<void> {
  const call = net.switchboard.get(callId);
  if (call?.plan && !call.plan.voicemail) return hangUpOnCaller(deps, net, call);
  if (!(await net.media.play(callId, beepFrames()))) return;
  net.media.startRecording(callId);
  setTimeout(() => {
    const call = net.switchboard.get(callId);
    if (call) void endVoicemailCall(deps, net, call).catch((err: unknown) => deps.log.warn({ err, callId }, 'sandbox call: the voicemail could not be kept'));
  }, VOICEMAIL_MAX_SECONDS * 1000).unref();
}

/** The voicemail's time is up: it is kept, and the server hangs up on the caller. */
async function endVoicemailCall(deps: HostDeps, net: SandboxVoiceNetwork, call: SwitchboardCall): Promise<void> {
  await keepVoicemail(deps, net, call);
  await hangUpOnCaller(deps, net, call);
}

/** The server ends the call: its legs closed, the phone and the staff told, the call recorded as ended. */
async function hangUpOnCaller(deps: HostDeps, net: SandboxVoiceNetwork, call: SwitchboardCall): Promise<void> {
  net.media.end(call.id);
  const ended = net.switchboard.update(call.id, { state: 'ended' });
  if (!ended) return;
  announceCall(deps, ended);
  await recordSandboxCallChange(deps, ended, 'ended');
}

/**
 * The caller of a queued call pressed `key`: 0 leaves the queue for the voicemail (its greeting
 * of the period, the beep, the recording). Other keys change nothing.
 */
export async function onCallerKey(deps: HostDeps, net: SandboxVoiceNetwork, callId: string, key: string): Promise<void> {
  const call = net.switchboard.get(callId);
  if (!call?.plan || call.state !== 'ringing' || call.plan.route !== 'queue' || key !== '0') return;
  net.switchboard.update(callId, { plan: { ...call.plan, route: 'voicemail' } });
  if (await net.media.play(callId, await spokenFrames(call.plan.voicemailGreeting))) await takeVoicemail(deps, net, callId);
}

/**
 * Stops the call's voicemail recording, if one runs, and hands it to the calls module
 * (`recordVoicemail`, the audio kept in its recording store as WebM/Opus). A message shorter than
 * half a second is no message.
 */
export async function keepVoicemail(deps: HostDeps, net: SandboxVoiceNetwork, call: SwitchboardCall): Promise<void> {
  const recording = await net.media.stopRecording(call.id);
  if (!recording || recording.durationSeconds < 0.5) return;
  await recordVoicemail(deps, {
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
 * - `queue`, `park`: the caller waits with the hold music, the staff member's leg is closed;
 * - `dial` an outside number: its phone simulators ring (`dialOutside`); `sip`: the browser of the
 *   line's user rings, as `ring` (`sipLineAsRing`; nobody to ring: refused);
 * - `hang-up`: every leg is closed.
 * A call the switchboard does not know (made by the tests without a phone) is left alone.
 */
export function moveSandboxCall(deps: Pick<HostDeps, 'realtime'>, net: SandboxVoiceNetwork, action: SandboxCallAction): void {
  const { switchboard, media } = net;
  const call = switchboard.get(action.callSid);
  if (!call) return;
  const instruction = action.instruction.kind === 'sip' ? sipLineAsRing(net, action.instruction) : action.instruction;
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
      const next = switchboard.update(call.id, { state: 'ringing', staffUserId: null, offeredTo })!;
      announceCall(deps, next, left);
      for (const userId of offeredTo) deps.realtime.publish(rooms.user(userId), 'voice:incoming', { call: presentSandboxCall(next) });
      return;
    }
    case 'dial':
      return dialOutside(deps, net, call, instruction);
    case 'queue':
    case 'park': {
      const left = leave();
      media.hold(call.id, holdMusicFrames());
      announceCall(deps, switchboard.update(call.id, { state: 'ringing', staffUserId: null, offeredTo: [] })!, left);
      return;
    }
  }
}
