import { isMissedCall, type Call } from '@accueil/domain';
import { eq, sql, type SQL } from 'drizzle-orm';
import type { HostDeps } from '../../app-deps';
import type { DbOrTx } from '../../db/client';
import { calls, queueCalls } from '../../db/schema/calls';
import { dispatchEvents } from '../../events/dispatch-events';
import { recordEvent, type RecordedEvent } from '../../events/record-event';
import { announceCall } from './call-events';
import { loadCallView } from './call-views';
import type { CallRow, QueueCallRow } from './calls.presenter';

/** Columns of a call a change may set (the version and `updatedAt` are the writer's). */
export type CallPatch = Partial<
  Pick<
    CallRow,
    | 'status'
    | 'phase'
    | 'outcome'
    | 'onHold'
    | 'transferred'
    | 'fromTeamId'
    | 'teamId'
    | 'answeredBy'
    | 'answeredAt'
    | 'endedAt'
    | 'durationSeconds'
    | 'callSid'
    | 'ringingUserIds'
  >
>;
/** The call's queue row after the change: its status and park number (absent: unchanged). */
export type QueuePatch = { status: QueueCallRow['status']; parkNo: number | null };
/** What a use case decided for a call: nothing (null), or a patch of the call and of its queue row. */
export type CallChange = { call: CallPatch; queue?: QueuePatch } | null;

/**
 * Changes one call, the writer of every use case that moves a call: in one transaction, locks
 * the call matching `where` (which carries the tenant scope, or a carrier id under a webhook's
 * system access), hands it and its queue row to `decide`, writes what it decided with
 * `version` + 1, and after the commit announces it (`call:updated`). A call that just ended
 * missed (inbound, nobody answered: `isMissedCall`) records `call.missed` in the same
 * transaction (dispatched after the commit: the missed-call automatic reply subscribes to it),
 * unless it ended on a callback request (`requestCallback` texts the caller itself).
 * `decide` returning null changes nothing (no new version, no event): so a
 * repeated or out-of-order carrier report is a no-op.
 * Null when no call matches; `changed` false when `decide` declined.
 * @throws what `decide` throws (the transaction is rolled back).
 */
export async function changeCall(
  deps: Pick<HostDeps, 'db' | 'realtime' | 'log' | 'jobs'>,
  where: SQL,
  decide: (row: CallRow, queue: QueueCallRow | null, tx: DbOrTx) => CallChange | Promise<CallChange>,
): Promise<{ call: Call; changed: boolean; ended: boolean } | null> {
  const result = await deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(calls).where(where).limit(1).for('update');
    if (!row) return null;
    const [queue] = await tx.select().from(queueCalls).where(eq(queueCalls.callId, row.id)).limit(1);
    const change = await decide(row, queue ?? null, tx);
    if (!change)
      return { call: (await loadCallView(tx, eq(calls.id, row.id)))!, changed: false, ended: false };
    const now = new Date();
    await tx
      .update(calls)
      .set({ ...change.call, version: sql`${calls.version} + 1`, updatedAt: now })
      .where(eq(calls.id, row.id));
    if (change.queue) {
      await tx
        .insert(queueCalls)
        .values({
          callId: row.id,
          organizationId: row.organizationId,
          teamId: change.call.teamId ?? row.teamId,
          ...change.queue,
          queuedAt: now,
          updatedAt: now,
        })
        .onConflictDoUpdate({
          target: queueCalls.callId,
          set: { ...change.queue, teamId: change.call.teamId ?? row.teamId, updatedAt: now },
        });
    }
    const ended = row.endedAt === null && change.call.endedAt != null;
    const call = (await loadCallView(tx, eq(calls.id, row.id)))!;
    const events: RecordedEvent[] = [];
    // A callback request ends the call unanswered, but its own text answers the caller.
    if (ended && call.conversationId && isMissedCall(call) && call.status !== 'callback-request') {
      events.push(
        await recordEvent(tx, {
          name: 'call.missed',
          organizationId: call.organizationId,
          actorUserId: null,
          payload: { callId: call.id, conversationId: call.conversationId },
        }),
      );
    }
    return { call, changed: true, ended, events };
  });
  if (!result?.changed) return result;
  announceCall(deps, result.call);
  await dispatchEvents(deps, result.events ?? []);
  return { call: result.call, changed: true, ended: result.ended };
}
