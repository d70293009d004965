import { and, eq, inArray, isNotNull, lt } from 'drizzle-orm';
import { z } from 'zod';
import type { AppDeps } from '../app-deps';
import { domainEvents } from '../db/schema/domain-events';
import { organizations } from '../db/schema/organizations';
import { defineJob } from '../jobs/job-definition';

/** A delivered domain event is kept this long, then deleted (days): the outbox is not an archive. */
export const DOMAIN_EVENT_RETENTION_DAYS = 30;
/** Rows one statement deletes at most (short locks, small WAL bursts). */
export const DOMAIN_EVENT_PURGE_BATCH_ROWS = 5_000;

/**
 * The outbox's housekeeping (docs/behaviour/events.md, "Retention"): deletes the domain events
 * delivered and older than `DOMAIN_EVENT_RETENTION_DAYS` before `now`, organisation by
 * organisation through `domain_events_org_idx` (no index of its own on the ingest's path), in
 * statements of at most `DOMAIN_EVENT_PURGE_BATCH_ROWS` rows. Their delivery rows go with them
 * (cascade). An undelivered event is kept (a subscriber failing for a day needs a person; the
 * sweeper stops after a day). Nothing depends on a purged event: the audit keeps its own copy and
 * its `event_id` is not a foreign key. Returns how many events were deleted.
 */
export async function purgeDeliveredEvents(
  deps: Pick<AppDeps, 'db'>,
  now: Date = new Date(),
): Promise<number> {
  const cutoff = new Date(now.getTime() - DOMAIN_EVENT_RETENTION_DAYS * 86_400_000);
  const orgs = await deps.db.select({ id: organizations.id }).from(organizations);
  let deleted = 0;
  for (const { id } of orgs) {
    for (;;) {
      const old = deps.db
        .select({ id: domainEvents.id })
        .from(domainEvents)
        .where(
          and(
            eq(domainEvents.organizationId, id),
            lt(domainEvents.occurredAt, cutoff),
            isNotNull(domainEvents.deliveredAt),
          ),
        )
        .limit(DOMAIN_EVENT_PURGE_BATCH_ROWS);
      const rows = await deps.db
        .delete(domainEvents)
        .where(inArray(domainEvents.id, old))
        .returning({ id: domainEvents.id });
      deleted += rows.length;
      if (rows.length < DOMAIN_EVENT_PURGE_BATCH_ROWS) break;
    }
  }
  return deleted;
}

/** Every day at 03:40 (server time): `purgeDeliveredEvents`. Output: `{ deleted }` (events). */
export const purgeEventsJob = defineJob({
  name: 'purge-domain-events',
  payload: z.object({}).strict(),
  schedule: '40 3 * * *',
  scope: { systemAccess: 'maintenance-job' },
  handler: async (deps) => ({ deleted: await purgeDeliveredEvents(deps) }),
});
