import { AppError, normalizeOutboundPhone, type SandboxCall, type SandboxPhoneCallEvent } from '@accueil/domain';
import type { HostDeps } from '../../app-deps';
import { presentSandboxCall, type SandboxSwitchboard } from '../../carriers/voice/sandbox/sandbox-switchboard';
import { rooms } from '../../realtime/publisher';
import { recordSandboxCallChange } from './sandbox-call-records';
import { announceCall } from './sandbox-voice-events';

/**
 * POST /api/sandbox/voice/calls/{callId}/events: the simulated phone `number` on a call
 * (docs/behaviour/calls.md, "Sandbox calls").
 * - `answer`: picks up a call a staff member placed to it (it then sends its offer).
 * - `hang-up`: ends the call, ringing or not.
 * - `signal`: its WebRTC session description, relayed to the staff member on the call.
 * @throws AppError `not-found` (404) when the call is gone or is not this phone's;
 *   `validation-failed` (400) when the event does not fit the call's state.
 */
export async function actOnCallFromPhone(deps: HostDeps, switchboard: SandboxSwitchboard, callId: string, event: SandboxPhoneCallEvent): Promise<SandboxCall> {
  const call = switchboard.get(callId);
  if (!call || call.phone !== normalizeOutboundPhone(event.number)) throw new AppError('not-found', 'No such call on this phone');
  switch (event.type) {
    case 'answer': {
      if (call.direction !== 'outbound' || call.state !== 'ringing') throw new AppError('validation-failed', 'Only a ringing call placed to the phone can be answered');
      const next = switchboard.update(callId, { state: 'in-progress' })!;
      announceCall(deps, next);
      await recordSandboxCallChange(deps, next, 'answered');
      return presentSandboxCall(next);
    }
    case 'hang-up': {
      const next = switchboard.update(callId, { state: 'ended' })!;
      announceCall(deps, next);
      await recordSandboxCallChange(deps, next, 'ended', call.state !== 'ringing');
      return presentSandboxCall(next);
    }
    case 'signal':
      if (!call.staffUserId || call.state === 'ringing') throw new AppError('validation-failed', 'The call is not connected yet');
      deps.realtime.publish(rooms.user(call.staffUserId), 'voice:signal', { callId, description: event.description });
      return presentSandboxCall(call);
  }
}
