import { and, asc, gt, isNull, lt, or } from 'drizzle-orm';
import { z } from 'zod';
import { domainEvents } from '../db/schema/domain-events';
import { defineJob } from '../jobs/job-definition';
import { sendDeliveryJobs } from './dispatch-events';

/** An event is swept once it has waited this long undelivered without a job sent (s). */
export const SWEEP_UNDISPATCHED_AFTER_SECONDS = 30;
/** …or this long since its last job was sent (its retries spent, or its job lost) (s). */
export const SWEEP_REDISPATCH_AFTER_SECONDS = 10 * 60;
/** Events older than this are left undelivered (a subscriber failing for a day needs a person) (s). */
export const SWEEP_MAX_AGE_SECONDS = 24 * 60 * 60;
/** At most this many events per sweep. */
const SWEEP_BATCH = 500;

/**
 * Every minute, over every organisation: sends again the delivery job of the events still
 * undelivered whose job was never sent (the process died between commit and dispatch) or was
 * sent more than 10 minutes ago (its retries spent, or the job lost), up to a day old. A job
 * still waiting or running for the event is not duplicated (`oncePerKey`).
 * Output: `{ swept }`.
 */
export const sweepEventsJob = defineJob({
  name: 'sweep-domain-events',
  payload: z.object({}).strict(),
  schedule: '* * * * *',
  scope: { systemAccess: 'maintenance-job' },
  handler: async (deps) => {
    const now = Date.now();
    const rows = await deps.db
      .select({ id: domainEvents.id, organizationId: domainEvents.organizationId })
      .from(domainEvents)
      .where(
        and(
          isNull(domainEvents.deliveredAt),
          gt(domainEvents.occurredAt, new Date(now - SWEEP_MAX_AGE_SECONDS * 1000)),
          lt(domainEvents.occurredAt, new Date(now - SWEEP_UNDISPATCHED_AFTER_SECONDS * 1000)),
          or(
            isNull(domainEvents.dispatchedAt),
            lt(domainEvents.dispatchedAt, new Date(now - SWEEP_REDISPATCH_AFTER_SECONDS * 1000)),
          ),
        ),
      )
      .orderBy(asc(domainEvents.occurredAt))
      .limit(SWEEP_BATCH);
    // The queued subscribers only: an after-commit one is at most once, its loss made good by its client.
    await sendDeliveryJobs(deps, rows);
    return { swept: rows.length };
  },
});
