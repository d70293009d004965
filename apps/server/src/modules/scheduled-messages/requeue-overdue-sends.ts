import { and, asc, eq, lt } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { scheduledMessageSends } from '../../db/schema/scheduled-messages';
import { enqueueSends } from './plan-scheduled-sends';

/**
 * How late a send still `scheduled` must be before it is queued again (ms): 10 minutes, past
 * the last retry of a failing one (30 s, 60 s, 120 s after its runs).
 */
export const OVERDUE_SEND_MS = 10 * 60_000;
/** Sends queued again per run at most. */
export const OVERDUE_SEND_BATCH = 1_000;

/**
 * The safety net of the send jobs: a send still `scheduled` more than `OVERDUE_SEND_MS` after
 * its instant lost its job (the process died between the commit and the job's send) and is
 * queued again, due at once. A second job for a send that has one is harmless: the claim under
 * the row's lock and the idempotency key make it a no-op or a replay. Every organisation
 * (system access `maintenance-job`). Returns how many were queued again.
 */
export async function requeueOverdueSends(deps: AppDeps, now = new Date()): Promise<number> {
  const overdue = await deps.db
    .select()
    .from(scheduledMessageSends)
    .where(
      and(
        eq(scheduledMessageSends.state, 'scheduled'),
        lt(scheduledMessageSends.dueAt, new Date(now.getTime() - OVERDUE_SEND_MS)),
      ),
    )
    .orderBy(asc(scheduledMessageSends.dueAt))
    .limit(OVERDUE_SEND_BATCH);
  await enqueueSends(
    deps,
    overdue.map((s) => ({ ...s, dueAt: now })),
  );
  return overdue.length;
}
