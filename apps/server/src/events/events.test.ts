import type { DomainEvent } from '@accueil/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { domainEvents, eventDeliveries } from '../db/schema/domain-events';
import { withOrganization } from '../db/tenant-scope';
import { withRequestSource } from '../http/request-source';
import { buildOrganization } from '../test/factories';
import { useTestApp } from '../test/test-app';
import { deliverEvent } from './deliver-event';
import { deliverEventJob } from './deliver-event.job';
import { dispatchEvents } from './dispatch-events';
import { defineSubscriber } from './event-subscriber';
import { recordEvent } from './record-event';
import { sweepEventsJob } from './sweep-events.job';

const t = useTestApp();

const CONVERSATION = '11111111-1111-4111-8111-111111111111';
const CALL = '22222222-2222-4222-8222-222222222222';

function missed(organizationId: string) {
  return {
    name: 'call.missed' as const,
    organizationId,
    actorUserId: null,
    payload: { callId: CALL, conversationId: CONVERSATION },
  };
}

async function eventsOf(organizationId: string) {
  return t.deps.db.select().from(domainEvents).where(eq(domainEvents.organizationId, organizationId));
}

describe('recordEvent: in the transaction of the change', () => {
  it('is committed with the transaction, and gone when the transaction rolls back', async () => {
    const org = await buildOrganization();
    await expect(
      t.deps.db.transaction(async (tx) => {
        await recordEvent(tx, missed(org.id));
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await eventsOf(org.id)).toEqual([]);

    const recorded = await t.deps.db.transaction((tx) => recordEvent(tx, missed(org.id)));
    expect(await eventsOf(org.id)).toEqual([
      expect.objectContaining({
        id: recorded.id,
        name: 'call.missed',
        actorUserId: null,
        payload: { callId: CALL, conversationId: CONVERSATION },
        // Outside a request: no address or user agent to record.
        ip: null,
        userAgent: null,
        dispatchedAt: null,
        deliveredAt: null,
      }),
    ]);
  });

  it("records where the change was asked from: the running request's source, or the one given", async () => {
    const org = await buildOrganization();
    const source = { ip: '203.0.113.7', userAgent: 'Poste accueil' };
    await withRequestSource(source, () => t.deps.db.transaction((tx) => recordEvent(tx, missed(org.id))));
    await t.deps.db.transaction((tx) =>
      recordEvent(tx, { ...missed(org.id), source: { ip: '198.51.100.2', userAgent: null } }),
    );
    expect((await eventsOf(org.id)).map((e) => [e.ip, e.userAgent]).sort()).toEqual([
      ['198.51.100.2', null],
      ['203.0.113.7', 'Poste accueil'],
    ]);
  });

  it('refuses a payload its event does not have', async () => {
    const org = await buildOrganization();
    await expect(
      t.deps.db.transaction((tx) =>
        recordEvent(tx, { ...missed(org.id), payload: { callId: 'nope' } as never }),
      ),
    ).rejects.toThrow();
    expect(await eventsOf(org.id)).toEqual([]);
  });
});

describe('deliverEvent: at least once, each subscriber once', () => {
  it('retries only the subscriber that failed, then marks the event delivered; a redelivery runs nothing', async () => {
    const org = await buildOrganization();
    const recorded = await t.deps.db.transaction((tx) => recordEvent(tx, missed(org.id)));
    const seen: string[] = [];
    let failures = 1;
    const steady = defineSubscriber({
      name: 'test.steady',
      events: ['call.missed'],
      handle: (_deps, event: DomainEvent<'call.missed'>) => {
        seen.push(`steady:${event.payload.callId}`);
        return Promise.resolve();
      },
    });
    const flaky = defineSubscriber({
      name: 'test.flaky',
      events: ['call.missed'],
      handle: () => {
        if (failures-- > 0) return Promise.reject(new Error('carrier down'));
        seen.push('flaky');
        return Promise.resolve();
      },
    });
    const elsewhere = defineSubscriber({
      name: 'test.elsewhere',
      events: ['user.disabled'],
      handle: () => {
        seen.push('elsewhere');
        return Promise.resolve();
      },
    });
    const subscribers = [steady, flaky, elsewhere];
    const deliver = () => withOrganization(org.id, () => deliverEvent(t.deps, subscribers, recorded.id));

    await expect(deliver()).rejects.toThrow(`not delivered to test.flaky`);
    expect(seen).toEqual([`steady:${CALL}`]);
    expect((await eventsOf(org.id))[0]!.deliveredAt).toBeNull();

    expect(await deliver()).toEqual({ delivered: 1, skipped: 1, failed: 0 });
    expect(seen).toEqual([`steady:${CALL}`, 'flaky']);
    expect((await eventsOf(org.id))[0]!.deliveredAt).toBeInstanceOf(Date);
    const deliveries = await t.deps.db
      .select({ subscriber: eventDeliveries.subscriber })
      .from(eventDeliveries)
      .where(eq(eventDeliveries.eventId, recorded.id));
    expect(deliveries.map((d) => d.subscriber).sort()).toEqual(['test.flaky', 'test.steady']);

    expect(await deliver()).toEqual({ delivered: 0, skipped: 0, failed: 0 });
    expect(seen).toHaveLength(2);
  });

  it("another organisation's event is not delivered in this one's scope", async () => {
    const org = await buildOrganization();
    const other = await buildOrganization();
    const recorded = await t.deps.db.transaction((tx) => recordEvent(tx, missed(other.id)));
    const seen: string[] = [];
    const spy = defineSubscriber({
      name: 'test.spy',
      events: ['call.missed'],
      handle: () => {
        seen.push('spy');
        return Promise.resolve();
      },
    });
    expect(await withOrganization(org.id, () => deliverEvent(t.deps, [spy], recorded.id))).toEqual({
      delivered: 0,
      skipped: 0,
      failed: 0,
    });
    expect(seen).toEqual([]);
  });
});

describe('dispatch and sweep', () => {
  it('dispatches one delivery job per event (a second dispatch while it waits adds none); the sweeper sends the forgotten ones', async () => {
    await t.jobs.start({ work: false });
    const org = await buildOrganization();
    const jobsOf = async () =>
      (await t.jobs.boss().findJobs(deliverEventJob.name, { data: { organizationId: org.id } })).map(
        (j) => (j.data as { eventId: string }).eventId,
      );
    const dispatched = await t.deps.db.transaction((tx) => recordEvent(tx, missed(org.id)));
    await dispatchEvents(t.deps, [dispatched]);
    await dispatchEvents(t.deps, [dispatched]);
    expect(await jobsOf()).toEqual([dispatched.id]);
    expect((await eventsOf(org.id))[0]!.dispatchedAt).toBeInstanceOf(Date);

    // Recorded a minute ago and never dispatched (its process died after the commit).
    const forgotten = await t.deps.db.transaction((tx) =>
      recordEvent(tx, { ...missed(org.id), occurredAt: new Date(Date.now() - 60_000) }),
    );
    const recent = await t.deps.db.transaction((tx) => recordEvent(tx, missed(org.id)));
    await sweepEventsJob.handler(t.deps, {});
    expect((await jobsOf()).sort()).toEqual([dispatched.id, forgotten.id].sort());
    expect(await jobsOf()).not.toContain(recent.id);
  });
});
