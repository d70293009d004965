import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { domainEvents, eventDeliveries } from '../db/schema/domain-events';
import { buildConversation, buildInbox } from '../test/conversation-factories';
import { useJobProcesses } from '../test/job-processes';
import type { ServerProcess } from '../test/server-processes';
import { dispatchEvents } from './dispatch-events';
import { recordEvent } from './record-event';

/**
 * Several processes: 40 `call.missed` events recorded and dispatched over 4 s, with two real
 * server processes working the queue, are each delivered once to the missed-call reply's
 * subscriber (one `event delivered` line per event across both processes), and all marked
 * delivered. How the work splits between the processes is printed, not asserted (one process
 * often takes every job of so short a burst). PostgreSQL pass only (`*.pg.test.ts`).
 */
const COUNT = 40;
const env = useJobProcesses(2, 'accueil_events');

/** The event ids of process `proc`'s `event delivered` lines (pino JSON lines). */
function deliveredBy(proc: ServerProcess): string[] {
  return proc
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{') && line.includes('"event delivered"'))
    .map((line) => (JSON.parse(line) as { eventId: string }).eventId);
}

it('delivers each of 40 events once to its subscriber across two processes', async () => {
  const { producer, procs } = env;
  const db = producer.deps.db;
  const inbox = await buildInbox(producer);
  const conv = await buildConversation({
    db,
    organizationId: inbox.org.id,
    teamId: inbox.team.id,
    address: '+15145550190',
  });
  const ids: string[] = [];
  for (let i = 0; i < COUNT; i++) {
    const recorded = await db.transaction((tx) =>
      recordEvent(tx, {
        name: 'call.missed',
        organizationId: inbox.org.id,
        actorUserId: null,
        payload: { callId: crypto.randomUUID(), conversationId: conv.id },
      }),
    );
    await dispatchEvents(producer.deps, [recorded]);
    ids.push(recorded.id);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const sent = new Set(ids);
  await expect
    .poll(
      async () =>
        (await db.select().from(domainEvents).where(eq(domainEvents.organizationId, inbox.org.id))).filter(
          (e) => e.deliveredAt !== null,
        ).length,
      { timeout: 30_000, interval: 200 },
    )
    .toBe(COUNT);
  // A second delivery would follow the first closely: give it time to show.
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  const runs = procs.flatMap(deliveredBy).filter((id) => sent.has(id));
  expect(runs.length).toBe(COUNT);
  expect(new Set(runs).size).toBe(COUNT);
  const perProcess = procs.map((p) => deliveredBy(p).filter((id) => sent.has(id)).length);
  console.info(`events delivered once: ${COUNT} events, per process ${perProcess.join(' / ')}`);
  const deliveries = await db
    .select({ subscriber: eventDeliveries.subscriber })
    .from(eventDeliveries)
    .where(eq(eventDeliveries.organizationId, inbox.org.id));
  expect(deliveries).toHaveLength(COUNT);
  expect(new Set(deliveries.map((d) => d.subscriber))).toEqual(new Set(['automations.missed-call-reply']));
}, 90_000);
