import { AppError, type SandboxCall, type SandboxStaffCallEvent } from '@accueil/domain';
import type { CarrierHost } from '../../carrier-slot';
import { holdMusicFrames } from './sandbox-audio';
import { presentSandboxCall, type SandboxSwitchboard, type SwitchboardCall } from './sandbox-switchboard';
import type { RequestContext } from '../../../http/request-context';
import { recordSandboxCallChange } from './sandbox-call-records';
import { clearRingTimer, declinedOnDevice } from './sandbox-ring-timeout';
import { announceCall } from './sandbox-voice-events';
import { connectLeg, type SandboxVoiceNetwork } from './sandbox-voice-media';

const refuse = (why: string) => new AppError('validation-failed', why);

/**
 * POST /api/voice/v1/sandbox/calls/{callId}/events: the signed-in user's device on a call
 * (docs/behaviour/calls.md, "Sandbox calls").
 * - `answer` a call ringing them: they are on it and bridged with the caller; the others it rang stop ringing.
 * - `reject`: it stops ringing them (it rings on for the others; once all declined, it moves on: `declinedOnDevice`).
 * - `hang-up`; `hold` (the caller hears the hold music), `resume` (bridged again) a call they are on.
 * - `signal`: their device's WebRTC offer, answered by the server's media leg (`voice:signal` in
 *   their user room): after answering, or right after dialling.
 * @throws AppError `not-found` (404) when the call is gone, another organisation's, or neither
 *   offered to them nor theirs; `validation-failed` (400) when the event does not fit its state.
 */
export async function actOnCallFromDevice(
  deps: CarrierHost,
  net: SandboxVoiceNetwork,
  ctx: RequestContext,
  callId: string,
  event: SandboxStaffCallEvent,
): Promise<SandboxCall> {
  const { switchboard, media } = net;
  const call = switchboard.get(callId);
  const mine =
    call &&
    call.organizationId === ctx.organizationId &&
    (call.staffUserId === ctx.userId || call.offeredTo.includes(ctx.userId));
  if (!call || !mine) throw new AppError('not-found', 'No such call');
  const change = async (
    patch: Parameters<SandboxSwitchboard['update']>[1],
    alsoTo: readonly string[] = [],
    record?: 'answered' | 'ended',
  ): Promise<SandboxCall> => {
    const next = switchboard.update(callId, patch) as SwitchboardCall;
    announceCall(deps, next, alsoTo);
    if (record) await recordSandboxCallChange(deps, next, record, call.state !== 'ringing');
    return presentSandboxCall(next);
  };
  const onIt = call.staffUserId === ctx.userId;
  switch (event.type) {
    case 'answer':
      if (call.state !== 'ringing' || !call.offeredTo.includes(ctx.userId))
        throw refuse('Only a call ringing you can be answered');
      clearRingTimer(net, callId);
      media.bridge(callId, ctx.userId);
      return change(
        { state: 'in-progress', staffUserId: ctx.userId, offeredTo: [] },
        call.offeredTo,
        'answered',
      );
    case 'reject':
      if (call.state !== 'ringing' || onIt) throw refuse('Only a call ringing you can be rejected');
      {
        const declined = await change({ offeredTo: call.offeredTo.filter((id) => id !== ctx.userId) }, [
          ctx.userId,
        ]);
        // Everyone it rang declined: it moves on now, as past the ring timeout (the rule of the API's decline too).
        await declinedOnDevice(deps, net, callId, ctx.userId);
        return declined;
      }
    case 'hang-up':
      if (!onIt) throw refuse('You are not on this call');
      media.end(callId);
      return change({ state: 'ended' }, [], 'ended');
    case 'hold':
    case 'resume':
      if (!onIt || call.state === 'ringing') throw refuse('The call is not under way');
      if (event.type === 'hold') media.hold(callId, holdMusicFrames());
      else media.bridge(callId, ctx.userId);
      return change({ state: event.type === 'hold' ? 'held' : 'in-progress' });
    case 'signal':
      if (!onIt) throw refuse('You are not on this call');
      if (event.description.type !== 'offer')
        throw refuse('The device sends offers; the server answers them');
      await connectLeg(deps, net, call, ctx.userId, event.description).catch(() => {
        throw refuse('The session description cannot be read');
      });
      return presentSandboxCall(call);
  }
}
