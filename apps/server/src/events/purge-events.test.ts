import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { domainEvents, eventDeliveries } from '../db/schema/domain-events';
import { buildOrganization } from '../test/factories';
import { useTestApp } from '../test/test-app';
import { DOMAIN_EVENT_RETENTION_DAYS, purgeDeliveredEvents } from './purge-events.job';

/** The outbox's retention (docs/behaviour/events.md, "Retention"). */
const t = useTestApp();

const DAY = 86_400_000;

async function event(organizationId: string, ageDays: number, delivered: boolean, now: Date) {
  const occurredAt = new Date(now.getTime() - ageDays * DAY);
  const [row] = await t.deps.db
    .insert(domainEvents)
    .values({
      organizationId,
      name: 'message.received',
      actorUserId: null,
      payload: { conversationId: crypto.randomUUID(), messageId: crypto.randomUUID() },
      occurredAt,
      deliveredAt: delivered ? occurredAt : null,
    })
    .returning({ id: domainEvents.id });
  await t.deps.db
    .insert(eventDeliveries)
    .values({ eventId: row!.id, subscriber: 'test.one', organizationId });
  return row!.id;
}

describe('purgeDeliveredEvents', () => {
  it('deletes delivered events past the retention in every organisation, with their deliveries; keeps the undelivered and the recent', async () => {
    const now = new Date();
    const [a, b] = [await buildOrganization(), await buildOrganization()];
    const old = DOMAIN_EVENT_RETENTION_DAYS + 1;
    const gone = [await event(a.id, old, true, now), await event(b.id, old, true, now)];
    const kept = [
      await event(a.id, old, false, now),
      await event(a.id, DOMAIN_EVENT_RETENTION_DAYS - 1, true, now),
      await event(b.id, 0, true, now),
    ];

    expect(await purgeDeliveredEvents(t.deps, now)).toBeGreaterThanOrEqual(2);

    const left = await t.deps.db
      .select({ id: domainEvents.id })
      .from(domainEvents)
      .where(inArray(domainEvents.id, [...gone, ...kept]));
    expect(left.map((r) => r.id).sort()).toEqual([...kept].sort());
    for (const id of gone)
      expect(await t.deps.db.select().from(eventDeliveries).where(eq(eventDeliveries.eventId, id))).toEqual(
        [],
      );
  });
});
