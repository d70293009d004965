import type { Call } from '@accueil/domain';
import type { AppDeps } from '../../app-deps';
import type { RequestContext } from '../../http/request-context';
import { actOnCall, refuseCallAction } from './act-on-call';
import { callById } from './calls.policy';

/**
 * POST /api/voice/v1/calls/:id/hold: the caller waits with music (phase hold, `onHold`); the
 * carrier takes the live call off the staff member's line. Only a call under way (answered, in
 * progress) is held: a call ringing (a transfer or a pick not yet answered), queued, parked or
 * over answers 409. Holding a held call changes nothing.
 */
export function holdCall(deps: AppDeps, ctx: RequestContext, callId: string): Promise<Call> {
  return actOnCall(deps, ctx, callById(ctx, callId), (row) => {
    if (row.phase === 'hold') return { change: null };
    if (row.phase !== 'in-progress') throw refuseCallAction('Only a call under way can be held');
    return { change: { call: { phase: 'hold', onHold: true } }, instruction: { kind: 'hold' } };
  });
}
