import { AppError, type SandboxCall, type SandboxPhoneCallEvent } from '@accueil/domain';
import type { CarrierHost } from '../../carrier-slot';
import { holdMusicFrames } from './sandbox-audio';
import { presentOutsideLeg, type OutsideLeg, type SwitchboardCall } from './sandbox-switchboard';
import { CarrierError, SIP_LINE_UNREACHABLE, type CallInstruction } from '../voice-carrier';
import { recordSandboxCallChange } from './sandbox-call-records';
import { phoneRoom, SANDBOX_NAMESPACE } from '../../messaging/sandbox/sandbox-namespace';
import { announceCall } from './sandbox-voice-events';
import type { SandboxVoiceNetwork } from './sandbox-voice-media';

type Dial = Extract<CallInstruction, { kind: 'dial' }>;
type Sip = Extract<CallInstruction, { kind: 'sip' }>;
type OutsideCall = SwitchboardCall & { outside: OutsideLeg };

/** The media party of the outside phone a call was transferred to (never a user id: those are uuids). */
export const outsideParty = (phone: string) => `phone:${phone}`;

/**
 * A transfer to a SIP line on the sandbox network, which has no SIP: it rings the browser of the
 * user the line is assigned to, as a transfer to that user does.
 * @throws CarrierError `permanent` (`SIP_LINE_UNREACHABLE`) when no user has the line or their
 *   browser's device is not registered.
 */
export function sipLineAsRing(
  net: SandboxVoiceNetwork,
  instruction: Sip,
): Extract<CallInstruction, { kind: 'ring' }> {
  if (!instruction.userId || !net.switchboard.isRegistered(instruction.userId)) {
    throw new CarrierError(
      'permanent',
      `Nobody can take a call on the SIP line ${instruction.username} in the sandbox`,
      SIP_LINE_UNREACHABLE,
    );
  }
  return { kind: 'ring', identities: [instruction.userId] };
}

/**
 * A transfer to an outside number (a transfer extension): the staff member's leg is closed, the
 * caller hears the hold music, and the phone simulators watching the number ring (`voice:incoming`,
 * the team calling them). `actOnOutsideLeg` carries on when one answers.
 */
export function dialOutside(
  deps: Pick<CarrierHost, 'realtime'>,
  net: SandboxVoiceNetwork,
  call: SwitchboardCall,
  instruction: Dial,
): void {
  const left = call.staffUserId ? [call.staffUserId] : [];
  if (call.staffUserId) net.media.dropLeg(call.id, call.staffUserId);
  net.media.hold(call.id, holdMusicFrames());
  const outside: OutsideLeg = { phone: instruction.number, digits: instruction.digits, state: 'ringing' };
  const next = net.switchboard.update(call.id, {
    state: 'ringing',
    staffUserId: null,
    offeredTo: [],
    outside,
  }) as OutsideCall;
  announceCall(deps, next, left);
  deps.realtime.publishIn(SANDBOX_NAMESPACE, phoneRoom(instruction.number), 'voice:incoming', {
    call: presentOutsideLeg(next),
  });
}

/**
 * The outside phone of a transferred call acts on it (`POST /api/sandbox/voice/calls/:callId/events`
 * with its number): `answer` bridges it with the caller and shows it the extension's digits (the
 * tones the network sends); `signal` opens its media leg (the server's answer in its room);
 * `hang-up` ends the whole call, as the other end of a call does.
 * @throws AppError `validation-failed` (400) when the event does not fit the leg's state.
 */
export async function actOnOutsideLeg(
  deps: CarrierHost,
  net: SandboxVoiceNetwork,
  call: OutsideCall,
  event: SandboxPhoneCallEvent,
): Promise<SandboxCall> {
  const refuse = (message: string) => new AppError('validation-failed', message);
  switch (event.type) {
    case 'answer': {
      if (call.outside.state !== 'ringing')
        throw refuse('Only a ringing call placed to the phone can be answered');
      const next = net.switchboard.update(call.id, {
        state: 'in-progress',
        outside: { ...call.outside, state: 'in-progress' },
      }) as OutsideCall;
      net.media.bridge(call.id, outsideParty(call.outside.phone));
      announceCall(deps, next);
      return presentOutsideLeg(next);
    }
    case 'hang-up': {
      net.media.end(call.id);
      const next = net.switchboard.update(call.id, { state: 'ended' }) as OutsideCall;
      announceCall(deps, next);
      await recordSandboxCallChange(deps, next, 'ended', true);
      return presentOutsideLeg(next);
    }
    case 'signal': {
      if (event.description.type !== 'offer') throw refuse('The phone sends offers; the server answers them');
      if (call.outside.state === 'ringing') throw refuse('Answer the call first');
      const answer = await net.media
        .connect(call.id, outsideParty(call.outside.phone), event.description)
        .catch(() => {
          throw refuse('The session description cannot be read');
        });
      deps.realtime.publishIn(SANDBOX_NAMESPACE, phoneRoom(call.outside.phone), 'voice:signal', {
        callId: call.id,
        description: answer,
      });
      return presentOutsideLeg(call);
    }
  }
}
