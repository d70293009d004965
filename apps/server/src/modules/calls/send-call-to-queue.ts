import type { Call } from '@accueil/domain';
import type { AppDeps } from '../../app-deps';
import type { RequestContext } from '../../http/request-context';
import { actOnCall, refuseCallAction, teamQueueName } from './act-on-call';
import { callById } from './calls.policy';

/**
 * POST /api/voice/v1/calls/:id/queue: the caller waits in the team's queue (phase queued, its
 * queue place queued) until a member picks the call. Only an answered call (in progress or held)
 * is sent (409 otherwise).
 */
export function sendCallToQueue(deps: AppDeps, ctx: RequestContext, callId: string): Promise<Call> {
  return actOnCall(deps, ctx, callById(ctx, callId), (row) => {
    if (row.phase !== 'in-progress' && row.phase !== 'hold')
      throw refuseCallAction('Only an answered call can be sent to the queue');
    return {
      change: {
        call: { phase: 'queued', onHold: false },
        queue: { status: 'queued', parkNo: null },
      },
      instruction: { kind: 'queue', queue: teamQueueName(row.teamId) },
    };
  });
}
