import { and, eq, sql } from 'drizzle-orm';
import type { HostDeps } from '../../app-deps';
import { calls, queueCalls } from '../../db/schema/calls';
import { getOrganizationSettings } from '../organizations/index';
import { callActionSettings } from '../phone-settings/index';
import { announceCall } from './call-events';
import { loadCallView } from './call-views';

/**
 * An inbound call ringing the team went unanswered (`INBOUND_RING_TIMEOUT_S`) or every user it rang
 * declined it: it moves on (docs/behaviour/calls.md, "Ring timeout"). With the team's queue switch
 * on (else the organisation's queue option) it waits in the queue: phase queued and a queue row;
 * else the caller is sent to the voicemail of the period and the call keeps its phase until it
 * ends (then recorded as missed). Either way its `route` becomes where it went (a new version,
 * announced as any call change), which makes the move happen once: the ring timeout, the last
 * decline and the carrier's report of the ring's end may all try it.
 * Null when the call is not an inbound call ringing that arrived ringing the team (answered,
 * ended or moved on meanwhile, or one that arrived in the queue), or unknown.
 */
export async function ringUnanswered(
  deps: Pick<HostDeps, 'db' | 'realtime' | 'log'>,
  input: { carrier: string; callSid: string },
): Promise<'queue' | 'voicemail' | null> {
  const bySid = and(eq(calls.carrier, input.carrier), eq(calls.callSid, input.callSid))!;
  const [row] = await deps.db
    .select({
      id: calls.id,
      organizationId: calls.organizationId,
      teamId: calls.teamId,
      direction: calls.direction,
      phase: calls.phase,
      route: calls.route,
    })
    .from(calls)
    .where(bySid);
  if (!row || row.direction !== 'inbound' || row.phase !== 'ringing' || row.route !== 'ring') return null;
  const { teamQueueEnabled } = await callActionSettings(deps, {
    organizationId: row.organizationId,
    teamId: row.teamId,
  });
  const queueEnabled =
    teamQueueEnabled ??
    (await getOrganizationSettings(deps, row.organizationId))?.options.voiceQueue.enabled ??
    false;
  const route = queueEnabled ? 'queue' : 'voicemail';
  const moved = await deps.db.transaction(async (tx) => {
    const changed = await tx
      .update(calls)
      .set({
        route,
        ...(route === 'queue' ? { phase: 'queued' } : {}),
        version: sql`${calls.version} + 1`,
        updatedAt: new Date(),
      })
      .where(and(eq(calls.id, row.id), eq(calls.phase, 'ringing'), eq(calls.route, 'ring')))
      .returning({ id: calls.id });
    if (changed.length === 0) return false;
    if (route === 'queue') {
      await tx
        .insert(queueCalls)
        .values({
          callId: row.id,
          organizationId: row.organizationId,
          teamId: row.teamId,
          status: 'queued',
          queuedAt: new Date(),
        })
        .onConflictDoUpdate({ target: queueCalls.callId, set: { status: 'queued', parkNo: null } });
    }
    return true;
  });
  if (!moved) return null;
  const view = await loadCallView(deps.db, bySid);
  if (view) announceCall(deps, view);
  return route;
}
