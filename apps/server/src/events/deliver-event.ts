import { parseDomainEvent } from '@accueil/domain';
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../app-deps';
import { domainEvents, eventDeliveries } from '../db/schema/domain-events';
import type { EventSubscriber } from './event-subscriber';

/** What one delivery run did: subscribers run now, skipped (had it already), failed. */
export type DeliveryOutcome = { delivered: number; skipped: number; failed: number };

/**
 * Hands event `eventId` to each queued one of `subscribers` (not those run after the commit,
 * `dispatchEvents`'s) that receives its name and has not had it yet
 * (no `event_deliveries` row), one after another; a subscriber's row is written once its
 * handler returned. When all have had it, marks the event delivered. Runs in the event's
 * organisation's scope (row-level security). An event already delivered, or gone (its
 * organisation deleted), is a no-op.
 * Logs `event delivered` (info, with `eventId`, `event`, `subscriber`) per handler run.
 * @throws Error naming the subscribers that threw (after running the others): the job is
 * retried, and the next run skips those that had it.
 */
export async function deliverEvent(
  deps: AppDeps,
  subscribers: readonly EventSubscriber[],
  eventId: string,
): Promise<DeliveryOutcome> {
  const [row] = await deps.db.select().from(domainEvents).where(eq(domainEvents.id, eventId)).limit(1);
  if (!row || row.deliveredAt) return { delivered: 0, skipped: 0, failed: 0 };
  const event = parseDomainEvent(row);
  const had = new Set(
    (
      await deps.db
        .select({ subscriber: eventDeliveries.subscriber })
        .from(eventDeliveries)
        .where(eq(eventDeliveries.eventId, eventId))
    ).map((d) => d.subscriber),
  );
  const due = subscribers.filter(
    (s): s is Extract<EventSubscriber, { delivery?: 'queued' }> =>
      s.delivery !== 'after-commit' && (s.events as readonly string[]).includes(event.name),
  );
  const failures: string[] = [];
  let delivered = 0;
  for (const subscriber of due) {
    if (had.has(subscriber.name)) continue;
    try {
      await subscriber.handle(deps, event, { eventId });
    } catch (err) {
      deps.log.error({ err, eventId, event: event.name, subscriber: subscriber.name }, 'event not delivered');
      failures.push(subscriber.name);
      continue;
    }
    await deps.db
      .insert(eventDeliveries)
      .values({ eventId, subscriber: subscriber.name, organizationId: row.organizationId })
      .onConflictDoNothing();
    deps.log.info({ eventId, event: event.name, subscriber: subscriber.name }, 'event delivered');
    delivered++;
  }
  if (failures.length > 0)
    throw new Error(`Event ${eventId} (${event.name}) not delivered to ${failures.join(', ')}`);
  await deps.db.update(domainEvents).set({ deliveredAt: new Date() }).where(eq(domainEvents.id, eventId));
  return { delivered, skipped: due.length - delivered, failed: 0 };
}
