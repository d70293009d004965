import type { Message, ScheduledMessage } from '@accueil/domain';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messages } from '../../db/schema/messages';
import { scheduledMessageSends, scheduledMessages } from '../../db/schema/scheduled-messages';
import { buildConversation, buildInbox, buildInboxWithConversation } from '../../test/conversation-factories';
import { authHeader, buildOrganization, buildTeam, buildUser } from '../../test/factories';
import { buildScheduledMessage, SCHEDULED_FORM, sendsOf } from '../../test/scheduled-message-factories';
import { accessTokenFor } from '../../test/signed-in';
import { useTestApp } from '../../test/test-app';
import { requeueOverdueSends } from './requeue-overdue-sends';
import { runScheduledSend, scheduledSendKey } from './run-scheduled-send';
import { sendScheduledMessageJob } from './send-scheduled-message.job';

/**
 * A scheduled message's sends at their due instant (docs/behaviour/scheduled-messages.md,
 * "Sending: on time, exactly once"): one text each, as its author, resumed without a second
 * text, failures settled, run by the app's job queue. Scheduling, listing and editing:
 * scheduled-messages.test.ts.
 */
const t = useTestApp();

describe('sending at the due instant', () => {
  it('sends the text once into the conversation as its author; a second run sends nothing; the message is no longer editable', async () => {
    const { headers, conversation } = await buildInboxWithConversation();
    const { created, sendId } = await buildScheduledMessage(t, headers, { conversationId: conversation.id });
    expect(await runScheduledSend(t.deps, { organizationId: conversation.organizationId, sendId })).toEqual({
      outcome: 'sent',
      attempts: 1,
    });
    expect(await runScheduledSend(t.deps, { organizationId: conversation.organizationId, sendId })).toEqual({
      outcome: 'done',
      attempts: 0,
    });
    const texts = await t.deps.db.select().from(messages).where(eq(messages.conversationId, conversation.id));
    expect(texts).toHaveLength(1);
    expect(texts[0]).toMatchObject({
      body: SCHEDULED_FORM.message,
      direction: 'outbound',
      status: 'sent',
      authorName: 'Marie Tremblay',
    });
    const read = (
      await t.app.inject({ method: 'GET', url: `/api/scheduled-messages/${created.id}`, headers })
    ).json<ScheduledMessage>();
    expect(read).toMatchObject({ state: 'sent', errorCode: null });
    expect(read.sends[0]).toMatchObject({ state: 'sent', attempts: 1, messageId: texts[0]!.id });
    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/scheduled-messages/${created.id}`,
      headers,
      payload: SCHEDULED_FORM,
    });
    expect(edit.json()).toMatchObject({ code: 'scheduled-message-not-editable' });
    expect(edit.statusCode).toBe(409);
  });

  it('a run resumed after its process died mid-send (state sending, key used) replays instead of sending again', async () => {
    const { headers, conversation } = await buildInboxWithConversation();
    const { created, sendId } = await buildScheduledMessage(t, headers, { conversationId: conversation.id });
    expect(
      await runScheduledSend(t.deps, { organizationId: conversation.organizationId, sendId }),
    ).toMatchObject({ outcome: 'sent' });
    // As if the process died after the text was stored and handed over, before the send was settled.
    await t.deps.db
      .update(scheduledMessageSends)
      .set({ state: 'sending', messageId: null })
      .where(eq(scheduledMessageSends.id, sendId));
    expect(await runScheduledSend(t.deps, { organizationId: conversation.organizationId, sendId })).toEqual({
      outcome: 'sent',
      attempts: 1,
    });
    const texts = await t.deps.db.select().from(messages).where(eq(messages.conversationId, conversation.id));
    expect(texts).toHaveLength(1);
    const [settled] = await sendsOf(t.deps.db, created.id);
    expect(settled).toMatchObject({ state: 'sent', messageId: texts[0]!.id });
    expect(scheduledSendKey(sendId, 1)).toBe(`scheduled:${sendId}:1`);
  });

  it('from a contact: opens the team’s conversation with the number and sends into it', async () => {
    const { headers, team } = await buildInbox();
    const { created, sendId } = await buildScheduledMessage(t, headers, { toPhoneNumber: '514 555 0177' });
    expect(await runScheduledSend(t.deps, { organizationId: team.organizationId, sendId })).toMatchObject({
      outcome: 'sent',
    });
    const read = (
      await t.app.inject({ method: 'GET', url: `/api/scheduled-messages/${created.id}`, headers })
    ).json<ScheduledMessage>();
    expect(read.conversationId).toBeTruthy();
    const page = await t.app.inject({
      method: 'GET',
      url: `/api/conversations/${read.conversationId}/messages`,
      headers,
    });
    expect(page.json<{ items: Message[] }>().items.map((m) => m.body)).toEqual([SCHEDULED_FORM.message]);
  });

  it("a landline: failed with the carrier's reason (30006), not retried", async () => {
    const landline = `+1514${Math.floor(200 + Math.random() * 799)}0000`;
    const { headers, conversation } = await buildInboxWithConversation(landline);
    const { created, sendId } = await buildScheduledMessage(t, headers, { conversationId: conversation.id });
    expect(await runScheduledSend(t.deps, { organizationId: conversation.organizationId, sendId })).toEqual({
      outcome: 'failed',
      attempts: 1,
    });
    const read = (
      await t.app.inject({ method: 'GET', url: `/api/scheduled-messages/${created.id}`, headers })
    ).json<ScheduledMessage>();
    expect(read).toMatchObject({ state: 'failed', errorCode: '30006' });
  });

  it('a team without a number: failed as not sendable', async () => {
    const org = await buildOrganization();
    const team = await buildTeam({ organizationId: org.id, phoneNumber: null });
    const user = await buildUser({ organizationId: org.id, teamIds: [team.id] });
    const conversation = await buildConversation({ organizationId: org.id, teamId: team.id });
    const { created, sendId } = await buildScheduledMessage(t, authHeader(await accessTokenFor(user)), {
      conversationId: conversation.id,
    });
    expect(await runScheduledSend(t.deps, { organizationId: org.id, sendId })).toEqual({
      outcome: 'failed',
      attempts: 1,
    });
    const [row] = await t.deps.db
      .select()
      .from(scheduledMessages)
      .where(and(eq(scheduledMessages.id, created.id)));
    expect(row).toMatchObject({ state: 'failed', errorCode: 'message-not-sendable' });
  });

  it("runs on the app's job queue at its instant", async () => {
    const { headers, conversation } = await buildInboxWithConversation();
    const { created, sendId } = await buildScheduledMessage(t, headers, { conversationId: conversation.id });
    // Due now: the job sent for it starts at once.
    await t.deps.db
      .update(scheduledMessageSends)
      .set({ dueAt: new Date() })
      .where(eq(scheduledMessageSends.id, sendId));
    await t.jobs.start();
    await t.jobs.send(sendScheduledMessageJob, {
      organizationId: conversation.organizationId,
      sendId,
    });
    await expect
      .poll(async () => (await sendsOf(t.deps.db, created.id))[0]?.state, { timeout: 15_000 })
      .toBe('sent');
  });

  it('queues again a send whose job was lost, once it is 10 minutes late, and it is then sent', async () => {
    const { headers, conversation } = await buildInboxWithConversation();
    const { created, sendId } = await buildScheduledMessage(t, headers, { conversationId: conversation.id });
    await t.jobs.start();
    const jobsOf = async () =>
      (await t.jobs.boss().findJobs(sendScheduledMessageJob.name, { data: { sendId } })).length;
    expect(await jobsOf()).toBe(1); // its own, for 2031
    await t.deps.db
      .update(scheduledMessageSends)
      .set({ dueAt: new Date(Date.now() - 9 * 60_000) })
      .where(eq(scheduledMessageSends.id, sendId));
    await requeueOverdueSends(t.deps);
    expect(await jobsOf()).toBe(1);
    await t.deps.db
      .update(scheduledMessageSends)
      .set({ dueAt: new Date(Date.now() - 11 * 60_000) })
      .where(eq(scheduledMessageSends.id, sendId));
    expect(await requeueOverdueSends(t.deps)).toBeGreaterThanOrEqual(1);
    expect(await jobsOf()).toBe(2);
    await expect
      .poll(async () => (await sendsOf(t.deps.db, created.id))[0]?.state, { timeout: 15_000 })
      .toBe('sent');
    const texts = await t.deps.db.select().from(messages).where(eq(messages.conversationId, conversation.id));
    expect(texts).toHaveLength(1);
  });
});
