import { and, eq, inArray } from 'drizzle-orm';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, expect, it, vi } from 'vitest';
import type { AppDeps } from '../../app-deps';
import type { MessagingCarrier } from '../../carriers/messaging/messaging-carrier';
import { messages } from '../../db/schema/messages';
import { scheduledMessageSends } from '../../db/schema/scheduled-messages';
import { buildInbox } from '../../test/conversation-factories';
import { buildDueSends } from '../../test/scheduled-message-factories';
import { useTestApp } from '../../test/test-app';
import { runScheduledSends } from './run-scheduled-sends';
import { sendScheduledMessageJob } from './send-scheduled-message.job';

/**
 * A carrier's per-number rate on the batched path (docs/carriers.md): a burst due together on
 * one 1 text/s number leaves one text a second, each at its slot; those beyond the slots' horizon
 * wait (back to `scheduled`, their attempt given back, a job at their slot) instead of failing.
 */
const t = useTestApp();

afterEach(() => vi.restoreAllMocks());

/** The app's deps with a carrier of 1 text/s per number over the sandbox, and when each text reached it. */
function ratedDeps(): { deps: AppDeps; calls: { at: number; from: string; to: string }[] } {
  const calls: { at: number; from: string; to: string }[] = [];
  const sandbox = t.deps.messaging;
  const messaging: MessagingCarrier = {
    name: sandbox.name,
    sendsPerSecondPerNumber: 1,
    send: (text) => {
      calls.push({ at: Date.now(), from: text.from, to: text.to });
      return sandbox.send(text);
    },
  };
  return { deps: { ...t.deps, messaging }, calls };
}

it('sends a burst of 8 on one 1 text/s number a second apart: 6 now, 2 waiting for their slots, none failed', async () => {
  const inbox = await buildInbox();
  // In id order, as the batch claims them: the last two are those beyond the horizon.
  const base = 6100001 + Math.floor(Math.random() * 1000) * 100;
  const phones = Array.from({ length: 8 }, (_, i) => `+1438${String(base + i).padStart(7, '0')}`);
  const ids = (await buildDueSends(t.deps.db, inbox, phones, new Date())).sort();
  const { deps, calls } = ratedDeps();
  const queued = vi.spyOn(t.deps.jobs, 'send').mockResolvedValue('job');

  const started = Date.now();
  const first = await runScheduledSends(deps, inbox.org.id, ids);
  expect(first.map((o) => !(o instanceof Error) && o.outcome)).toEqual([
    ...Array<string>(6).fill('sent'),
    'later',
    'later',
  ]);
  // The two waiting: `scheduled` again with their attempt given back, a job each at its slot.
  const waiting = ids.slice(6);
  const rows = await t.deps.db
    .select()
    .from(scheduledMessageSends)
    .where(inArray(scheduledMessageSends.id, waiting));
  expect(rows.map((r) => [r.state, r.attempts])).toEqual([
    ['scheduled', 0],
    ['scheduled', 0],
  ]);
  expect(queued).toHaveBeenCalledTimes(2);
  const startAfters = queued.mock.calls.map(([job, payload, options]) => {
    expect(job).toBe(sendScheduledMessageJob);
    expect(waiting).toContain((payload as { sendId: string }).sendId);
    return (options!.startAfter as Date).getTime();
  });
  // After the six slots within the horizon (0…5 s from when the batch looked), one second apart.
  expect(startAfters[0]! - started).toBeGreaterThanOrEqual(6000);
  expect(Math.round((startAfters[1]! - startAfters[0]!) / 1000)).toBe(1);

  // Their jobs run at their instants: each text still takes a slot of its own.
  await sleep(Math.max(...startAfters) - Date.now());
  const second = await runScheduledSends(deps, inbox.org.id, waiting);
  expect(second.map((o) => !(o instanceof Error) && o.outcome)).toEqual(['sent', 'sent']);

  expect(calls).toHaveLength(8);
  expect(new Set(calls.map((c) => c.to)).size).toBe(8);
  const times = calls.map((c) => c.at).sort((a, b) => a - b);
  // Timers fire on the millisecond: a second apart, give or take one.
  for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(999);
  const settled = await t.deps.db
    .select({ state: scheduledMessageSends.state })
    .from(scheduledMessageSends)
    .where(inArray(scheduledMessageSends.id, ids));
  expect(settled.map((s) => s.state)).toEqual(Array<string>(8).fill('sent'));
  const texts = await t.deps.db
    .select({ status: messages.status })
    .from(messages)
    .where(and(eq(messages.organizationId, inbox.org.id), eq(messages.direction, 'outbound')));
  expect(texts).toHaveLength(8);
  expect(texts.filter((m) => m.status === 'failed')).toEqual([]);
}, 30_000);
