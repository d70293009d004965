import { and, eq, inArray } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { messages } from '../../db/schema/messages';
import { sandboxMessages } from '../../db/schema/sandbox';
import { scheduledMessageSends } from '../../db/schema/scheduled-messages';
import { buildInbox } from '../../test/conversation-factories';
import { buildDueSends } from '../../test/scheduled-message-factories';
import { useJobProcesses } from '../../test/job-processes';
import { sendScheduledMessageJob } from './send-scheduled-message.job';

/**
 * Exactly once on the batched path, for real: 600 messages scheduled from contacts (each to its
 * own number, so each send also opens its conversation) fall due together on two server
 * processes, whose workers fetch them in batches; one process is SIGKILLed as soon as the first
 * text reaches the carrier, in the middle of its batches. Its jobs are retried by the other after
 * their heartbeat stops (at least one job was retried: the kill did interrupt work), every send
 * ends `sent`, each number has one conversation with one text, and no phone receives its text
 * twice. The second process is held (SIGSTOP) until the kill, so the first text and the batches
 * it interrupts are the killed process's: with both fetching, the killed one could hold no job
 * at that instant and nothing would be retried. PostgreSQL pass only (`*.pg.test.ts`).
 */
const COUNT = 600;
const env = useJobProcesses(2, 'accueil_scheduled_batch');

it('sends each of 600 due messages exactly once when a process is killed mid-batch', async () => {
  const { producer, procs } = env;
  const db = producer.deps.db;
  const inbox = await buildInbox(producer);
  // From 5000001: a number ending in 0000 is a landline to the sandbox carrier.
  const phones = Array.from({ length: COUNT }, (_, i) => `+1438${String(5000001 + i).padStart(7, '0')}`);
  const dueAt = new Date();
  procs[1]!.child.kill('SIGSTOP');
  const sendIds = await buildDueSends(db, inbox, phones, dueAt);
  await producer.jobs.boss().insert(
    sendScheduledMessageJob.name,
    sendIds.map((sendId) => ({ data: { organizationId: inbox.org.id, sendId } })),
  );

  // Kill the first process as soon as a text reaches the carrier, in the middle of its batches.
  const deadline = Date.now() + 60_000;
  let texted = 0;
  while (texted === 0 && Date.now() < deadline) {
    texted = (
      await db
        .select({ id: sandboxMessages.id })
        .from(sandboxMessages)
        .where(inArray(sandboxMessages.to, phones))
        .limit(1)
    ).length;
    if (texted === 0) await new Promise((r) => setTimeout(r, 20));
  }
  expect(texted).toBe(1);
  procs[0]!.child.kill('SIGKILL');
  procs[1]!.child.kill('SIGCONT');

  const sent = async () =>
    (
      await db
        .select({ state: scheduledMessageSends.state })
        .from(scheduledMessageSends)
        .where(inArray(scheduledMessageSends.id, sendIds))
    ).filter((s) => s.state === 'sent').length;
  await expect.poll(sent, { timeout: 200_000, interval: 1000 }).toBe(COUNT);

  const jobs = await producer.jobs
    .boss()
    .findJobs(sendScheduledMessageJob.name, { data: { organizationId: inbox.org.id } });
  expect(jobs.some((j) => j.retryCount > 0)).toBe(true);
  const texts = await db
    .select({ conversationId: messages.conversationId, to: messages.to })
    .from(messages)
    .where(and(eq(messages.organizationId, inbox.org.id), eq(messages.direction, 'outbound')));
  expect(texts).toHaveLength(COUNT);
  expect(new Set(texts.map((t) => t.conversationId)).size).toBe(COUNT);
  expect(new Set(texts.map((t) => t.to)).size).toBe(COUNT);
  const onPhones = await db
    .select({ to: sandboxMessages.to })
    .from(sandboxMessages)
    .where(inArray(sandboxMessages.to, phones));
  expect(onPhones).toHaveLength(new Set(onPhones.map((p) => p.to)).size);
}, 260_000);
