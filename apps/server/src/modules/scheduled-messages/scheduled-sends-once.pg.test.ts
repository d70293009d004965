import type { ScheduledMessage } from '@accueil/domain';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  messageCreated,
  startTwilioApiStandIn,
  type TwilioApiAnswer,
} from '../../carriers/messaging/twilio/testing/twilio-api-stand-in';
import { messages } from '../../db/schema/messages';
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
 * scheduled messages that fall due together, texting through a Twilio stand-in that holds every
 * text back. The process whose text reaches the carrier first is SIGKILLed while that text (and
 * any other it claimed) is in flight: stored, handed to the carrier, unanswered. Its runs are
 * retried by the other process after their heartbeat stops and resume with the same idempotency
 * key, so they replay the stored text instead of calling the carrier again — and hand over those
 * the victim stored but had not handed to the carrier yet (waiting for their number's slot,
 * `carrier_call_pending`), which would otherwise stay `sending` and never leave: every send ends
 * `sent`, each is one text in its conversation, and the carrier receives each number's text once,
 * counting those the dead process had in flight. PostgreSQL pass only (`*.pg.test.ts`).
 */
const COUNT = 40;
/** Each process texts with its own account, so the stand-in tells which one a text came from. */
const accountSids = ['AC00000000000000000000000000000001', 'AC00000000000000000000000000000002'];
let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
let carrier: Awaited<ReturnType<typeof startTwilioApiStandIn>>;
let procs: ServerProcess[] = [];
let producer: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  scratch = await createScratchDatabase(process.env.DATABASE_URL!, 'accueil_scheduled');
  carrier = await startTwilioApiStandIn();
  procs = await startServerProcesses(2, (i) =>
    deploymentEnv(scratch.url, {
      LOG_LEVEL: 'info',
      MESSAGING_CARRIER: 'twilio',
      TWILIO_ACCOUNT_SID: accountSids[i]!,
      TWILIO_AUTH_TOKEN: 'stand-in-auth-token',
      PUBLIC_URL: 'http://127.0.0.1:9',
      TWILIO_API_BASE_URL: carrier.baseUrl,
      // Paced (all 40 texts share the team's number), so the victim dies with texts stored and
      // waiting for their slot as well as texts at the carrier. A quarter second apart: a loaded
      // machine can be slower than a tenth of a second to put a taken text on the wire, and the
      // victim must not have taken its next one by then (see below).
      TWILIO_SENDS_PER_SECOND_PER_NUMBER: '4',
    }),
  );
  // Sends jobs only: the two processes work them.
  producer = await createTestApp({ DATABASE_URL: scratch.url, REDIS_URL: undefined });
  await producer.jobs.start({ work: false });
}, 300_000);

afterAll(async () => {
  await stopServerProcesses(procs.filter((p) => p.child.exitCode === null && p.child.signalCode === null));
  await producer?.close();
  await carrier?.close();
  await scratch?.drop();
}, 60_000);

/** The texts the carrier received (`POST …/Messages.json`): the account that sent each, and its number. */
function textsAtCarrier(): { accountSid: string; to: string }[] {
  return carrier.requests.flatMap((r) => {
    const sent = /\/Accounts\/(AC\w+)\/Messages\.json$/.exec(r.url);
    return r.method === 'POST' && sent ? [{ accountSid: sent[1]!, to: r.form.get('To') ?? '' }] : [];
  });
}

it('sends each of 40 due messages exactly once across two processes, one killed with texts in flight', async () => {
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
  // The carrier holds every text back until the victim is dead. The process whose text reaches
  // it first is the victim, SIGKILLed as that text arrives (from the stand-in's handler: no poll
  // between), so it dies with that text in flight and before it takes its next one's carrier call
  // — a text taken and killed before it reaches the carrier is lost, the one window exactly-once
  // leaves (docs/behaviour/messages.md).
  const held: (() => void)[] = [];
  const killed: { sid?: string; process?: ServerProcess } = {};
  carrier.answerWith((form) => {
    if (!killed.process) {
      killed.sid = textsAtCarrier()[0]!.accountSid;
      killed.process = procs[accountSids.indexOf(killed.sid)]!;
      killed.process.child.kill('SIGKILL');
    }
    return new Promise<TwilioApiAnswer>((resolve) => held.push(() => resolve(messageCreated(form))));
  });
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

  await expect.poll(() => killed.process, { timeout: 60_000, interval: 10 }).toBeDefined();
  const victim = killed.process!.child;
  if (victim.exitCode === null && victim.signalCode === null)
    await new Promise((resolve) => victim.once('exit', resolve));
  const inFlight = textsAtCarrier().filter((t) => t.accountSid === killed.sid);
  expect(inFlight.length).toBeGreaterThan(0);
  // From now on the carrier answers at once (the survivor's held texts too).
  carrier.answerWith((form) => messageCreated(form));
  for (const release of held.splice(0)) release();

  const settled = async () =>
    (
      await db
        .select({ state: scheduledMessageSends.state })
        .from(scheduledMessageSends)
        .where(inArray(scheduledMessageSends.id, sendIds))
    ).filter((s) => s.state === 'sent').length;
  await expect.poll(settled, { timeout: 200_000, interval: 500 }).toBe(COUNT);

  const texts = await db
    .select({ conversationId: messages.conversationId })
    .from(messages)
    .where(and(eq(messages.organizationId, inbox.org.id), eq(messages.direction, 'outbound')));
  expect(texts).toHaveLength(COUNT);
  expect(new Set(texts.map((t) => t.conversationId)).size).toBe(COUNT);
  // Every number got its text from the carrier once, the killed process's in-flight texts included.
  const byNumber = (tos: string[]) => [...tos].sort();
  expect(byNumber(textsAtCarrier().map((t) => t.to))).toEqual(byNumber(conversations.map((c) => c.address)));
}, 260_000);
