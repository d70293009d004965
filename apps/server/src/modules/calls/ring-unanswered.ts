import { CALL_PHASES } from '@accueil/domain';
import { and, eq } from 'drizzle-orm';
import type { HostDeps } from '../../app-deps';
import { calls, queueCalls } from '../../db/schema/calls';
import { getOrganizationSettings } from '../organizations/index';
import { callActionSettings } from '../phone-settings/index';
import { announceCall } from './call-events';
import { loadCallView } from './call-views';

/**
 * An inbound call ringing the team went unanswered (`INBOUND_RING_TIMEOUT_S`) or every user it rang
 * declined it: it moves on (docs/behaviour/calls.md, "Ring timeout"). With the team's queue switch
 * on (else the organisation's queue option) it waits in the queue: phase queued and a queue row,
 * announced as any call change; else the caller is sent to the voicemail of the period and the call
 * keeps its phase until it ends (then recorded as missed). Null when the call is not an inbound
 * call still ringing (answered, ended or moved meanwhile), or unknown.
 */
export async function ringUnanswered(deps: Pick<HostDeps, 'db' | 'realtime' | 'log'>, input: { carrier: string; callSid: string }): Promise<'queue' | 'voicemail' | null> {
  const bySid = and(eq(calls.carrier, input.carrier), eq(calls.callSid, input.callSid))!;
  const [row] = await deps.db.select({ id: calls.id, organizationId: calls.organizationId, teamId: calls.teamId, direction: calls.direction, phase: calls.phase }).from(calls).where(bySid);
  if (!row || row.direction !== 'inbound' || row.phase !== CALL_PHASES.ringing) return null;
  const { teamQueueEnabled } = await callActionSettings(deps, { organizationId: row.organizationId, teamId: row.teamId });
  const queueEnabled = teamQueueEnabled ?? (await getOrganizationSettings(deps, row.organizationId))?.options.voiceQueue.enabled ?? false;
  if (!queueEnabled) return 'voicemail';
  const moved = await deps.db.transaction(async (tx) => {
    const changed = await tx
      .update(calls)
      .set({ phase: CALL_PHASES.queued })
      .where(and(eq(calls.id, row.id), eq(calls.phase, CALL_PHASES.ringing)))
      .returning({ id: calls.id });
    if (changed.length === 0) return false;
    await tx
      .insert(queueCalls)
      .values({ callId: row.id, organizationId: row.organizationId, teamId: row.teamId, status: 'queued', queuedAt: new Date() })
      .onConflictDoUpdate({ target: queueCalls.callId, set: { status: 'queued', parkNo: null } });
    return true;
  });
  if (!moved) return null;
  const view = await loadCallView(deps.db, bySid);
  if (view) announceCall(deps, view);
  return 'queue';
}
