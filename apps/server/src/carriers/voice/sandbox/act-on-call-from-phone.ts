import {
  AppError,
  normalizeOutboundPhone,
  type SandboxCall,
  type SandboxPhoneCallEvent,
} from '@accueil/domain';
import type { CarrierHost } from '../../carrier-slot';
import { presentSandboxCall } from './sandbox-switchboard';
import { recordSandboxCallChange } from './sandbox-call-records';
import { actOnOutsideLeg } from './sandbox-transfer';
import { announceCall } from './sandbox-voice-events';
import { connectLeg, keepVoicemail, type SandboxVoiceNetwork } from './sandbox-voice-media';

/**
 * POST /api/sandbox/voice/calls/{callId}/events: the simulated phone `number` on a call
 * (docs/behaviour/calls.md, "Sandbox calls").
 * - `answer`: picks up a call a staff member placed to it (it then sends its offer); the server
 *   bridges it with the staff member.
 * - `hang-up`: ends the call, ringing or not; a voicemail being recorded is kept.
 * - `signal`: its WebRTC offer, answered by the server's media leg (`voice:signal` in the phone's
 *   room). An inbound call's phone offers at once (it hears the greeting); an outbound call's once answered.
 * The phone a call was transferred to (an extension's number) acts on it as `actOnOutsideLeg` says.
 * @throws AppError `not-found` (404) when the call is gone or is not this phone's;
 *   `validation-failed` (400) when the event does not fit the call's state.
 */
export async function actOnCallFromPhone(
  deps: CarrierHost,
  net: SandboxVoiceNetwork,
  callId: string,
  event: SandboxPhoneCallEvent,
): Promise<SandboxCall> {
  const { switchboard, media } = net;
  const call = switchboard.get(callId);
  const phone = normalizeOutboundPhone(event.number);
  if (call?.outside && call.outside.phone === phone && call.phone !== phone)
    return actOnOutsideLeg(deps, net, { ...call, outside: call.outside }, event);
  if (!call || call.phone !== phone) throw new AppError('not-found', 'No such call on this phone');
  switch (event.type) {
    case 'answer': {
      if (call.direction !== 'outbound' || call.state !== 'ringing')
        throw new AppError('validation-failed', 'Only a ringing call placed to the phone can be answered');
      const next = switchboard.update(callId, { state: 'in-progress' })!;
      if (next.staffUserId) media.bridge(callId, next.staffUserId);
      announceCall(deps, next);
      await recordSandboxCallChange(deps, next, 'answered');
      return presentSandboxCall(next);
    }
    case 'hang-up': {
      const next = switchboard.update(callId, { state: 'ended' })!;
      announceCall(deps, next);
      await keepVoicemail(deps, net, call).catch((err: unknown) =>
        deps.log.warn({ err, callId }, 'sandbox call: the voicemail could not be kept'),
      );
      media.end(callId);
      await recordSandboxCallChange(deps, next, 'ended', call.state !== 'ringing');
      return presentSandboxCall(next);
    }
    case 'signal':
      if (event.description.type !== 'offer')
        throw new AppError('validation-failed', 'The phone sends offers; the server answers them');
      if (call.direction === 'outbound' && call.state === 'ringing')
        throw new AppError('validation-failed', 'Answer the call first');
      await connectLeg(deps, net, call, 'caller', event.description).catch(() => {
        throw new AppError('validation-failed', 'The session description cannot be read');
      });
      return presentSandboxCall(call);
  }
}
