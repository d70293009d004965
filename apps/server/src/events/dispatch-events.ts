import { inArray } from 'drizzle-orm';
import type { AppDeps } from '../app-deps';
import { domainEvents } from '../db/schema/domain-events';
import { withOrganization } from '../db/tenant-scope';
import { deliverEventJob } from './deliver-event.job';
import type { AfterCommitDeps, EventSubscriber } from './event-subscriber';
import type { RecordedEvent } from './record-event';
import { subscriberList } from './subscriber-list';

/**
 * After the transaction that recorded `events` committed: runs the after-commit subscribers
 * (`delivery: 'after-commit'`) of each event, here and now, in its organisation's scope, then
 * sends each event its delivery job for the queued ones (`sendDeliveryJobs`). Never throws: the
 * change itself is done and must not be reported as failed. An after-commit subscriber that
 * throws is logged (`event not delivered`) and not run again (at most once); an event whose job
 * could not be sent is logged and left to the sweeper. `subscribers`: every module's by default.
 */
export async function dispatchEvents(
  deps: AfterCommitDeps & Pick<AppDeps, 'jobs'>,
  events: readonly RecordedEvent[],
  subscribers: readonly EventSubscriber[] = subscriberList(),
): Promise<void> {
  if (events.length === 0) return;
  const afterCommit = subscribers.filter((s) => s.delivery === 'after-commit');
  for (const recorded of events) {
    const { event } = recorded;
    if (!event) continue;
    for (const subscriber of afterCommit) {
      if (!(subscriber.events as readonly string[]).includes(event.name)) continue;
      try {
        await withOrganization(event.organizationId, () =>
          subscriber.handle(deps, event, { eventId: recorded.id }),
        );
      } catch (err) {
        deps.log.error(
          { err, eventId: recorded.id, event: event.name, subscriber: subscriber.name },
          'event not delivered',
        );
      }
    }
  }
  await sendDeliveryJobs(deps, events);
}

/**
 * Sends each of `events` its `deliver-domain-event` job (one per event, keyed by its id: a
 * second send while one waits or runs adds none) and notes when (`dispatchedAt`). Never
 * throws: an event whose job could not be sent is logged (`events not dispatched`) and left to
 * the sweeper, which sends it within about a minute.
 */
export async function sendDeliveryJobs(
  deps: Pick<AppDeps, 'db' | 'jobs' | 'log'>,
  events: readonly Pick<RecordedEvent, 'id' | 'organizationId'>[],
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
