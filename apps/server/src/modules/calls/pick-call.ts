import type { Call, PickCallRequest } from '@accueil/domain';
import { and, eq } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { calls } from '../../db/schema/calls';
import type { RequestContext } from '../../http/request-context';
import { actOnCall, refuseCallAction } from './act-on-call';

/**
 * POST /api/voice/v1/queues/pick: a member of the call's team takes a queued or parked call (by
 * the carrier's id): the caller is put through to their device (phase ringing, its queue place
 * ringing, its park number freed); their device's answer makes it in progress. Any other call
 * answers 409.
 */
export function pickCall(deps: AppDeps, ctx: RequestContext, input: PickCallRequest): Promise<Call> {
  const where = and(
    eq(calls.organizationId, ctx.organizationId),
    eq(calls.carrier, deps.voice.name),
    eq(calls.callSid, input.callSid),
  )!;
  return actOnCall(deps, ctx, where, (row) => {
    if (row.phase !== 'queued' && row.phase !== 'parked')
      throw refuseCallAction('Only a queued or parked call can be picked');
    return {
      change: { call: { phase: 'ringing' }, queue: { status: 'ringing', parkNo: null } },
      instruction: { kind: 'ring', identities: [ctx.userId] },
    };
  });
}
