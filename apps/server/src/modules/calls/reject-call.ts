import { CALL_PHASES, type Call } from '@accueil/domain';
import { and, eq } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { calls } from '../../db/schema/calls';
import type { RequestContext } from '../../http/request-context';
import { actOnCall, refuseCallAction, teamQueueName, type CallActionPlan } from './act-on-call';
import type { CallRow, QueueCallRow } from './calls.presenter';
import { callById } from './calls.policy';

// A decline: a call that had a queue place (handed over by the queue, picked, or transferred into
// a queue) goes back to waiting there, as a queue call ringing unanswered does; a call ringing
// every member changes nothing (the others go on ringing; the device stops ringing itself).
function declinePlan(row: CallRow, queue: QueueCallRow | null): CallActionPlan {
  if (row.direction !== 'inbound' || row.phase !== CALL_PHASES.ringing) throw refuseCallAction('Only an inbound call still ringing can be declined');
  if (!queue) return { change: null };
  return { change: { call: { phase: CALL_PHASES.queued }, queue: { status: 'queued', parkNo: null } }, instruction: { kind: 'queue', queue: teamQueueName(row.teamId) } };
}

/**
 * POST /api/voice/v1/calls/:id/reject: the user declines an inbound call ringing their device
 * (ringing first, or again after a pick or a transfer). A
 * call with a queue place goes back to its team's queue (phase queued); one ringing the whole
 * team is left ringing for the others (unchanged). Any other call answers 409.
 * @throws as `actOnCall`.
 */
export function rejectCall(deps: AppDeps, ctx: RequestContext, callId: string): Promise<Call> {
  return actOnCall(deps, ctx, callById(ctx, callId), declinePlan);
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
    .where(and(eq(calls.organizationId, ctx.organizationId), eq(calls.teamId, ctx.teamId), eq(calls.direction, 'inbound'), eq(calls.phase, CALL_PHASES.ringing)))
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
