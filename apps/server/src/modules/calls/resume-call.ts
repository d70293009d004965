import type { Call } from '@accueil/domain';
import type { AppDeps } from '../../app-deps';
import type { RequestContext } from '../../http/request-context';
import { actOnCall, refuseCallAction } from './act-on-call';
import { callById } from './calls.policy';

/**
 * POST /api/voice/v1/calls/:id/resume: the held caller is put through again to the member who
 * resumes (their device rings and takes it at once; phase in progress, no longer on hold). Only a
 * held call is resumed (409 otherwise); resuming a call under way changes nothing.
 */
export function resumeCall(deps: AppDeps, ctx: RequestContext, callId: string): Promise<Call> {
  return actOnCall(deps, ctx, callById(ctx, callId), (row) => {
    if (row.phase === 'in-progress' && !row.onHold) return { change: null };
    if (row.phase !== 'hold') throw refuseCallAction('Only a held call can be resumed');
    return {
      change: { call: { phase: 'in-progress', onHold: false, answeredBy: ctx.userId } },
      instruction: { kind: 'ring', identities: [ctx.userId] },
    };
  });
}
