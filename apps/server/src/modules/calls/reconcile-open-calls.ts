import {
  CALL_RECORD_STATUSES,
  callOutcomeOf,
  type CallRecordStatus,
  type SynchronizationFix,
} from '@accueil/domain';
import { and, asc, eq, isNotNull, isNull, lt } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { calls } from '../../db/schema/calls';
import { applyCallStatus } from './apply-call-status';

/** A call is asked about once it has not changed for this long (ms): a live call changes little, but a lost end report leaves it open for good. */
export const OPEN_CALL_STALE_MS = 60_000;
/** Calls asked about in one run, oldest first. */
export const OPEN_CALL_BATCH = 200;

const isRecordStatus = (status: string): status is CallRecordStatus =>
  (CALL_RECORD_STATUSES as readonly string[]).includes(status);

/**
 * `POST /api/voice/v1/synchronize` (docs/behaviour/operations.md): the current voice carrier's
 * calls our records hold open (not ended) and unchanged for {@link OPEN_CALL_STALE_MS} are asked
 * about (`fetchCallStatus`), oldest first, at most {@link OPEN_CALL_BATCH}; one the carrier says
 * ended is closed as its end report would have (`applyCallStatus`: outcome, length, the queue
 * place freed, announced). Runs in the caller's tenant scope (every organisation for devops).
 * A carrier without `fetchCallStatus` checks nothing.
 */
export async function reconcileOpenCalls(
  deps: AppDeps,
  now = new Date(),
): Promise<{ checked: number; fixed: SynchronizationFix[]; unresolved: number }> {
  const carrier = deps.voice;
  if (!carrier.fetchCallStatus) return { checked: 0, fixed: [], unresolved: 0 };
  const open = await deps.db
    .select({
      id: calls.id,
      organizationId: calls.organizationId,
      callSid: calls.callSid,
      status: calls.status,
    })
    .from(calls)
    .where(
      and(
        eq(calls.carrier, carrier.name),
        isNull(calls.endedAt),
        isNotNull(calls.callSid),
        lt(calls.updatedAt, new Date(now.getTime() - OPEN_CALL_STALE_MS)),
      ),
    )
    .orderBy(asc(calls.updatedAt))
    .limit(OPEN_CALL_BATCH);
  const fixed: SynchronizationFix[] = [];
  let unresolved = 0;
  for (const call of open) {
    const found = await carrier.fetchCallStatus({ callSid: call.callSid! }).catch((err: unknown) => {
      deps.log.warn({ err, callId: call.id }, 'synchronize: the carrier could not tell a call’s status');
      return null;
    });
    if (!found || !isRecordStatus(found.status)) {
      unresolved++;
      continue;
    }
    if (!callOutcomeOf(found.status)) continue; // still live at the carrier
    const ended = await applyCallStatus(deps, {
      carrier: carrier.name,
      callSid: call.callSid!,
      status: found.status,
      ...(found.duration !== undefined ? { duration: found.duration } : {}),
      at: now,
    });
    if (ended?.endedAt)
      fixed.push({
        id: call.id,
        organizationId: call.organizationId,
        before: call.status,
        after: found.status,
      });
  }
  return { checked: open.length, fixed, unresolved };
}
