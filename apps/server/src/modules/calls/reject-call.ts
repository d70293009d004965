import type { Call } from '@accueil/domain';
import { and, eq } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { calls } from '../../db/schema/calls';
import type { RequestContext } from '../../http/request-context';
import { actOnCall, refuseCallAction, teamQueueName, type CallActionPlan } from './act-on-call';
import { loadCallRow, presentCallRows } from './call-views';
import type { CallRow, QueueCallRow } from './calls.presenter';
import { callById } from './calls.policy';
import { declineRinging, movedOnInstruction } from './decline-ringing';

// A decline: a call that had a queue place (handed over by the queue, picked, or transferred into
// a queue) goes back to waiting there, as a queue call ringing unanswered does; a call ringing
// members changes nothing here: `declineRinging` follows (the others go on ringing, until the last).
function declinePlan(row: CallRow, queue: QueueCallRow | null): CallActionPlan {
  if (row.direction !== 'inbound' || row.phase !== 'ringing')
    throw refuseCallAction('Only an inbound call still ringing can be declined');
  if (!queue) return { change: null };
  return {
    change: { call: { phase: 'queued' }, queue: { status: 'queued', parkNo: null } },
    instruction: { kind: 'queue', queue: teamQueueName(row.teamId) },
  };
}

/**
 * POST /api/voice/v1/calls/:id/reject: the user declines an inbound call ringing their device
 * (ringing first, or again after a pick or a transfer). A call with a queue place goes back to
 * its team's queue (phase queued). One ringing members stops ringing the user; when they were
 * the last it rang, it moves on as at the ring timeout (`declineRinging`, the sandbox device's
 * rule too): the carrier then sends the live call to the queue or the voicemail of the period (a
 * carrier failure is logged: the call has moved on; Twilio's dial action then does the same).
 * Any other call answers 409.
 * @throws as `actOnCall`.
 */
export async function rejectCall(deps: AppDeps, ctx: RequestContext, callId: string): Promise<Call> {
  let ringsMembers = false;
  const call = await actOnCall(deps, ctx, callById(ctx, callId), (row, queue) => {
    const plan = declinePlan(row, queue);
    ringsMembers = plan.change === null;
    return plan;
  });
  if (!ringsMembers || !call.callSid) return call;
  const route = await declineRinging(deps, {
    carrier: call.carrier,
    callSid: call.callSid,
    userId: ctx.userId,
  });
  if (!route) return call;
  const moved = await loadCallRow(deps.db, eq(calls.id, call.id));
  if (!moved) return call;
  const instruction = await movedOnInstruction(deps, moved, route);
  if (instruction) {
    await deps.voice
      .redirect({ callSid: call.callSid, instruction })
      .catch((err: unknown) =>
        deps.log.warn({ err, callId: call.id, route }, 'declined call: the carrier did not move it on'),
      );
  }
  return (await presentCallRows(deps.db, [moved]))[0]!;
}

/**
 * POST /api/voice/v1/calls/rejectAll: the user declines every inbound call ringing in their
 * current team (each as `rejectCall`); the calls as they are after it, oldest first.
 */
export async function rejectAllCalls(deps: AppDeps, ctx: RequestContext): Promise<{ calls: Call[] }> {
  if (!ctx.teamId) return { calls: [] };
  const ringing = await deps.db
    .select({ id: calls.id })
    .from(calls)
    .where(
      and(
        eq(calls.organizationId, ctx.organizationId),
        eq(calls.teamId, ctx.teamId),
        eq(calls.direction, 'inbound'),
        eq(calls.phase, 'ringing'),
      ),
    )
    .orderBy(calls.startedAt);
  const declined: Call[] = [];
  // One after the other: each takes its call's lock; a call that moved meanwhile is skipped.
  for (const { id } of ringing) {
    const call = await rejectCall(deps, ctx, id).catch((error: unknown) => {
      if ((error as { code?: string }).code === 'call-state-conflict') return null;
      throw error;
    });
    if (call) declined.push(call);
  }
  return { calls: declined };
}
