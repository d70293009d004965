import { and, eq, sql } from 'drizzle-orm';
import type { HostDeps } from '../../app-deps';
import type { CallInstruction } from '../../carriers/voice/voice-carrier';
import { calls, queueCalls } from '../../db/schema/calls';
import type { CallRow } from './calls.presenter';
import { teamQueueName } from './act-on-call';
import { greetingFor } from './greetings';
import { ringUnanswered } from './ring-unanswered';
import { startInboundCall } from './start-inbound-call';

type CallBySid = { carrier: string; callSid: string };
const bySid = (input: CallBySid) => and(eq(calls.carrier, input.carrier), eq(calls.callSid, input.callSid))!;

/**
 * The rule of a decline of an inbound call ringing members (docs/behaviour/calls.md, "Call
 * actions", Decline), the one both ways to decline follow: the API's (`rejectCall`, any carrier)
 * and the sandbox device's. `userId` stops being rung (removed from `ringingUserIds`); when they
 * were the last it rang, the call moves on as at the ring timeout (`ringUnanswered`: the queue or
 * the voicemail of the period), and that is answered for the caller to carry out on the live
 * call. Atomic: of two declines of the same member (the device's, then the API's) only one
 * counts, and only the decline that empties the set moves the call.
 * Null when nothing moves: the call is not an inbound call ringing that arrived ringing the team,
 * it has a queue place (it goes back to the queue by `rejectCall`'s own rule), the member was not
 * rung (or already declined), or others still ring.
 */
export async function declineRinging(
  deps: Pick<HostDeps, 'db' | 'realtime' | 'log'>,
  input: CallBySid & { userId: string },
): Promise<'queue' | 'voicemail' | null> {
  const [row] = await deps.db
    .update(calls)
    .set({ ringingUserIds: sql`array_remove(${calls.ringingUserIds}, ${input.userId}::uuid)` })
    .where(
      and(
        bySid(input),
        eq(calls.direction, 'inbound'),
        eq(calls.phase, 'ringing'),
        eq(calls.route, 'ring'),
        sql`${input.userId}::uuid = ANY(${calls.ringingUserIds})`,
        // A call with a queue place goes back to the queue instead (`rejectCall`).
        sql`NOT EXISTS (SELECT 1 FROM ${queueCalls} WHERE ${queueCalls.callId} = ${calls.id})`,
      ),
    )
    .returning({ left: calls.ringingUserIds });
  if (!row || row.left.length > 0) return null;
  return ringUnanswered(deps, input);
}

/**
 * Who an inbound call rings now, when the carrier rings fewer members than the calls module named
 * (the sandbox rings only the browsers that are connected): the last of those declining moves it
 * on. Only while it rings.
 */
export async function ringingOnly(
  deps: Pick<HostDeps, 'db'>,
  input: CallBySid & { userIds: readonly string[] },
): Promise<void> {
  await deps.db
    .update(calls)
    .set({ ringingUserIds: [...input.userIds] })
    .where(and(bySid(input), eq(calls.phase, 'ringing')));
}

/**
 * What the carrier is told to do with a live call that moved on (`declineRinging`,
 * `ringUnanswered`): wait in its team's queue, or the voicemail of the period with its greeting
 * (as the call's plan says: the stored call's decision again, nothing written).
 */
export async function movedOnInstruction(
  deps: Pick<HostDeps, 'db' | 'realtime' | 'log' | 'jobs'>,
  call: Pick<CallRow, 'organizationId' | 'teamId' | 'carrier' | 'callSid' | 'from' | 'to'>,
  route: 'queue' | 'voicemail',
): Promise<CallInstruction | null> {
  if (route === 'queue') return { kind: 'queue', queue: teamQueueName(call.teamId) };
  const decision = call.callSid
    ? await startInboundCall(deps, {
        carrier: call.carrier,
        callSid: call.callSid,
        from: call.from,
        to: call.to,
      })
    : null;
  if (!decision) return null;
  return {
    kind: 'voicemail',
    organizationId: call.organizationId,
    greeting: greetingFor({ ...decision, route: 'voicemail' }),
  };
}
