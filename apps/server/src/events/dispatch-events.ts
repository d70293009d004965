import { inArray } from 'drizzle-orm';
import type { HostDeps } from '../app-deps';
import { domainEvents } from '../db/schema/domain-events';
import { deliverEventJob } from './deliver-event.job';
import type { RecordedEvent } from './record-event';

/**
 * After the transaction that recorded `events` committed: sends each its delivery job (one per
 * event, keyed by its id) and notes when (`dispatchedAt`). Never throws: an event whose job
 * could not be sent is logged (`events not dispatched`) and left to the sweeper, which sends it
 * within about a minute — the change itself is done and must not be reported as failed.
 */
export async function dispatchEvents(
  deps: Pick<HostDeps, 'db' | 'jobs' | 'log'>,
  events: readonly RecordedEvent[],
): Promise<void> {
  if (events.length === 0) return;
  try {
    for (const event of events)
      await deps.jobs.sendOnce(
        deliverEventJob,
        { organizationId: event.organizationId, eventId: event.id },
        event.id,
      );
    await deps.db
      .update(domainEvents)
      .set({ dispatchedAt: new Date() })
      .where(
        inArray(
          domainEvents.id,
          events.map((e) => e.id),
        ),
      );
  } catch (err) {
    deps.log.error({ err, eventIds: events.map((e) => e.id) }, 'events not dispatched');
  }
}
