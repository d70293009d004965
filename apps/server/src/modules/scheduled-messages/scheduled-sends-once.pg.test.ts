import type { ScheduledMessage } from '@accueil/domain';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { messages } from '../../db/schema/messages';
import { sandboxMessages } from '../../db/schema/sandbox';
import { scheduledMessageSends } from '../../db/schema/scheduled-messages';
import { buildConversation, buildInbox } from '../../test/conversation-factories';
import {
  deploymentEnv,
  startServerProcesses,
  stopServerProcesses,
  type ServerProcess,
} from '../../test/server-processes';
import { createScratchDatabase } from '../../test/scratch-database';
import { createTestApp } from '../../test/test-app';
import { sendScheduledMessageJob } from './send-scheduled-message.job';

/**
 * Exactly once, for real: two server processes on one PostgreSQL database work the sends of 40
 * scheduled messages that fall due together; one process is SIGKILLed while it is sending. Each
 * send ends `sent` (the killed process's runs are retried by the other after their heartbeat
 * stops, resumed with the same idempotency key), each becomes exactly one text in its
 * conversation, and no phone receives its text twice. PostgreSQL pass only (`*.pg.test.ts`).
 */
const COUNT = 40;
let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
let procs: ServerProcess[] = [];
let producer: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  scratch = await createScratchDatabase(process.env.DATABASE_URL!, 'accueil_scheduled');
  procs = await startServerProcesses(2, deploymentEnv(scratch.url, { LOG_LEVEL: 'info' }));
  // Sends jobs only: the two processes work them.
  producer = await createTestApp({ DATABASE_URL: scratch.url, REDIS_URL: undefined });
  await producer.jobs.start({ work: false });
}, 120_000);

afterAll(async () => {
  await stopServerProcesses(procs.filter((p) => p.child.exitCode === null && p.child.signalCode === null));
  await producer?.close();
  await scratch?.drop();
}, 60_000);

it('sends each of 40 due messages exactly once across two processes, one of them killed mid-send', async () => {
  const db = producer.deps.db;
  const inbox = await buildInbox(producer);
  const conversations = await Promise.all(
    Array.from({ length: COUNT }, () =>
      buildConversation({ db, organizationId: inbox.org.id, teamId: inbox.team.id }),
    ),
  );
  const created: ScheduledMessage[] = [];
  for (const [i, c] of conversations.entries()) {
    const res = await producer.app.inject({
      method: 'POST',
      url: '/api/scheduled-messages',
      headers: inbox.headers,
      payload: {
        title: `Rappel ${i}`,
        message: `Rappel numéro ${i}`,
        date: '2031-03-10',
        time: '10:00',
        conversationId: c.id,
      },
    });
    expect(res.statusCode).toBe(201);
    created.push(res.json<ScheduledMessage>());
  }
  // All fall due now: the jobs sent for them start at once on whichever process claims them.
  const sendIds = (
    await db
      .select({ id: scheduledMessageSends.id })
      .from(scheduledMessageSends)
      .where(
        inArray(
          scheduledMessageSends.scheduledMessageId,
          created.map((m) => m.id),
        ),
      )
  ).map((s) => s.id);
  await db
    .update(scheduledMessageSends)
    .set({ dueAt: new Date() })
    .where(inArray(scheduledMessageSends.id, sendIds));
  for (const sendId of sendIds)
    await producer.jobs.send(sendScheduledMessageJob, { organizationId: inbox.org.id, sendId });

  // Kill the first process that settles a send, while it is sending the others it claimed.
  const deadline = Date.now() + 30_000;
  let victim: ServerProcess | undefined;
  while (!victim && Date.now() < deadline) {
    victim = procs.find((p) => p.output().includes('"send-scheduled-message"'));
    if (!victim) await new Promise((r) => setTimeout(r, 10));
  }
  expect(victim).toBeDefined();
  victim!.child.kill('SIGKILL');

  const settled = async () =>
    (
      await db
        .select({ state: scheduledMessageSends.state })
        .from(scheduledMessageSends)
        .where(inArray(scheduledMessageSends.id, sendIds))
    ).filter((s) => s.state === 'sent').length;
  await expect.poll(settled, { timeout: 200_000, interval: 500 }).toBe(COUNT);

  const texts = await db
    .select({ conversationId: messages.conversationId, body: messages.body })
    .from(messages)
    .where(and(eq(messages.organizationId, inbox.org.id), eq(messages.direction, 'outbound')));
  expect(texts).toHaveLength(COUNT);
  expect(new Set(texts.map((t) => t.conversationId)).size).toBe(COUNT);
  const onPhones = await db
    .select({ to: sandboxMessages.to })
    .from(sandboxMessages)
    .where(
      inArray(
        sandboxMessages.to,
        conversations.map((c) => c.friendlyName),
      ),
    );
  expect(new Set(onPhones.map((p) => p.to)).size).toBe(onPhones.length);
}, 260_000);
