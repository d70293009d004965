import type { Call } from '@accueil/domain';
import type { AppDeps } from '../../app-deps';
import type { RequestContext } from '../../http/request-context';
import { CarrierError } from '../../carriers/voice/voice-carrier';
import { carrierRefusal } from './act-on-call';
import { endCall } from './end-call';
import { getCall } from './get-call';

/**
 * POST /api/voice/v1/calls/:id/hang-up: a member of the call's team ends it. The carrier hangs
 * the call up (`deps.voice.hangUp`), then the call ends as completed (answered) or canceled
 * (never answered: a missed call when inbound). Hanging up an ended call answers it as it is.
 * @throws AppError 'not-found', 'forbidden' (`getCall`); 'carrier-unavailable' (502) when the carrier cannot be reached.
 */
export async function hangUpCall(deps: AppDeps, ctx: RequestContext, callId: string): Promise<Call> {
  const call = await getCall(deps, ctx, { id: callId });
  if (call.endedAt) return call;
  if (call.callSid) {
    await deps.voice.hangUp({ callSid: call.callSid }).catch((error: unknown) => {
      // The carrier no longer knows the live call (it ended there): end it here too.
      if (!(error instanceof CarrierError && error.kind === 'permanent')) throw carrierRefusal(error);
    });
  }
  return endCall(deps, {
    organizationId: ctx.organizationId,
    callId,
    outcome: call.answeredAt ? 'completed' : 'canceled',
  });
}
