import { wallClockAt, type Message, type ScheduledMessage } from '@accueil/domain';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messages } from '../../db/schema/messages';
import { scheduledMessageSends, scheduledMessages } from '../../db/schema/scheduled-messages';
import { buildConversation, buildInbox } from '../../test/conversation-factories';
import {
  authHeader,
  buildAdmin,
  buildOrganization,
  buildTeam,
  buildUser,
  type TestUser,
} from '../../test/factories';
import { accessTokenFor } from '../../test/signed-in';
import { useTestApp } from '../../test/test-app';
import { requeueOverdueSends } from './requeue-overdue-sends';
import { runScheduledSend, scheduledSendKey } from './run-scheduled-send';
import { sendScheduledMessageJob } from './send-scheduled-message.job';

const t = useTestApp();

/** The wall-clock date and time `minutes` from now in `timeZone`. */
function localIn(minutes: number, timeZone = 'America/Toronto') {
  const wall = wallClockAt(new Date(Date.now() + minutes * 60_000), timeZone);
  const pad = (n: number) => String(n).padStart(2, '0');
  return { date: wall.date, time: `${pad(Math.floor(wall.minute / 60))}:${pad(wall.minute % 60)}` };
}

async function inboxWithConversation(friendlyName?: string) {
  const inbox = await buildInbox();
  const conversation = await buildConversation({
    organizationId: inbox.org.id,
    teamId: inbox.team.id,
    ...(friendlyName ? { friendlyName } : {}),
  });
  return { ...inbox, conversation };
}

async function schedule(headers: Record<string, string>, payload: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: '/api/scheduled-messages', headers, payload });
}

const base = {
  title: 'Rappel de rendez-vous',
  message: 'Bonjour, votre rendez-vous est demain.',
  date: '2031-03-10',
  time: '10:00',
};

async function sendsOf(id: string) {
  return t.deps.db
    .select()
    .from(scheduledMessageSends)
    .where(eq(scheduledMessageSends.scheduledMessageId, id));
}

async function run(organizationId: string, sendId: string) {
  return runScheduledSend(t.deps, { organizationId, sendId });
}

describe('scheduling a message', () => {
  it('from the composer: stored as scheduled, its instant read in the organisation’s time zone, one job per send at its instant', async () => {
    const { headers, conversation, team } = await inboxWithConversation();
    const res = await schedule(headers, {
      ...base,
      conversationId: conversation.id,
      reminders: ['24h', '7d'],
    });
    expect(res.statusCode).toBe(201);
    const created = res.json<ScheduledMessage>();
    expect(created).toMatchObject({
      state: 'scheduled',
      date: '2031-03-10',
      time: '10:00',
      timeZone: 'America/Toronto',
      scheduledAt: '2031-03-10T14:00:00.000Z', // EDT since 9 March 2031
      toPhoneNumber: conversation.friendlyName,
      conversationId: conversation.id,
      teamId: team.id,
      createdBy: { name: 'Marie Tremblay' },
    });
    expect(created.sends.map((s) => [s.kind, s.dueAt, s.state])).toEqual([
      ['7d', '2031-03-03T15:00:00.000Z', 'scheduled'], // still EST a week before
      ['24h', '2031-03-09T14:00:00.000Z', 'scheduled'],
      ['message', '2031-03-10T14:00:00.000Z', 'scheduled'],
    ]);
    const rows = await sendsOf(created.id);
    const jobs = await t.jobs.boss().findJobs<{ sendId: string }>(sendScheduledMessageJob.name, {
      data: { organizationId: conversation.organizationId },
    });
    const starts = new Map(jobs.map((j) => [j.data.sendId, new Date(j.startAfter).toISOString()]));
    expect(rows.map((r) => starts.get(r.id)).sort()).toEqual(rows.map((r) => r.dueAt.toISOString()).sort());
  });

  it('in Paris, a date and time are Paris wall-clock', async () => {
    const org = await buildOrganization({ timeZone: 'Europe/Paris', country: 'FR' });
    const team = await buildTeam({ organizationId: org.id });
    const user = await buildUser({ organizationId: org.id, teamIds: [team.id] });
    const conversation = await buildConversation({ organizationId: org.id, teamId: team.id });
    const res = await schedule(authHeader(await accessTokenFor(user)), {
      ...base,
      conversationId: conversation.id,
    });
    expect(res.json<ScheduledMessage>().scheduledAt).toBe('2031-03-10T09:00:00.000Z');
  });

  it('from a contact: to a number read in the organisation’s country, no conversation yet', async () => {
    const { headers } = await buildInbox();
    const res = await schedule(headers, { ...base, toPhoneNumber: '(514) 555-0147' });
    expect(res.statusCode).toBe(201);
    expect(res.json<ScheduledMessage>()).toMatchObject({
      toPhoneNumber: '+15145550147',
      conversationId: null,
    });
  });

  it('refuses a planned time less than 5 minutes ahead, and a reminder that is', async () => {
    const { headers, conversation } = await inboxWithConversation();
    const soon = await schedule(headers, { ...base, ...localIn(3), conversationId: conversation.id });
    expect(soon.statusCode).toBe(422);
    expect(soon.json()).toMatchObject({ code: 'scheduled-too-soon', details: { kind: 'message' } });
    const reminder = await schedule(headers, {
      ...base,
      ...localIn(60),
      reminders: ['24h'],
      conversationId: conversation.id,
    });
    expect(reminder.json()).toMatchObject({ code: 'scheduled-too-soon', details: { kind: '24h' } });
    const later = await schedule(headers, { ...base, ...localIn(7), conversationId: conversation.id });
    expect(later.statusCode).toBe(201);
  });

  it('refuses a blank title or message, a time that is not HH:mm, an emergency number', async () => {
    const { headers, conversation } = await inboxWithConversation();
    for (const over of [{ title: '  ' }, { message: '' }, { time: '9h00' }, { date: '10/03/2031' }]) {
      const res = await schedule(headers, { ...base, conversationId: conversation.id, ...over });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'validation-failed' });
    }
    const emergency = await schedule(headers, { ...base, toPhoneNumber: '911' });
    expect(emergency.json()).toMatchObject({ code: 'phone-invalid' });
  });

  it("answers 404 for another team's or another organisation's conversation", async () => {
    const { headers, org } = await buildInbox();
    const otherTeam = await buildConversation({ organizationId: org.id });
    const otherOrg = await buildConversation();
    for (const c of [otherTeam, otherOrg]) {
      const res = await schedule(headers, { ...base, conversationId: c.id });
      expect(res.statusCode).toBe(404);
    }
  });
});

describe('listing, reading, editing, deleting', () => {
  it('lists the current team’s, soonest first, by conversation and by number; never an emergency number', async () => {
    const { headers, conversation } = await inboxWithConversation();
    const later = (
      await schedule(headers, { ...base, date: '2031-04-01', conversationId: conversation.id })
    ).json<ScheduledMessage>();
    const sooner = (
      await schedule(headers, { ...base, date: '2031-03-20', conversationId: conversation.id })
    ).json<ScheduledMessage>();
    const list = await t.app.inject({ method: 'GET', url: '/api/scheduled-messages', headers });
    expect(list.json<{ items: ScheduledMessage[] }>().items.map((m) => m.id)).toEqual([sooner.id, later.id]);
    const ofConversation = await t.app.inject({
      method: 'GET',
      url: `/api/scheduled-messages?conversationId=${conversation.id}`,
      headers,
    });
    expect(ofConversation.json<{ items: unknown[] }>().items).toHaveLength(2);
    const typed = conversation.friendlyName.slice(2); // 514…, without +1
    const byPhone = await t.app.inject({
      method: 'GET',
      url: `/api/scheduled-messages/phone/${encodeURIComponent(typed)}`,
      headers,
    });
    expect(byPhone.json<{ items: ScheduledMessage[] }>().items.map((m) => m.id)).toEqual([
      sooner.id,
      later.id,
    ]);
    for (const n of ['911', '+1933', 'anonymous']) {
      const none = await t.app.inject({
        method: 'GET',
        url: `/api/scheduled-messages/phone/${encodeURIComponent(n)}`,
        headers,
      });
      expect(none.json()).toEqual({ items: [] });
    }
  });

  it("hides another team's from a member (404) but not from an administrator; another organisation's answers 404 to all", async () => {
    const { headers, conversation, org } = await inboxWithConversation();
    const created = (
      await schedule(headers, { ...base, conversationId: conversation.id })
    ).json<ScheduledMessage>();
    const otherTeam = await buildTeam({ organizationId: org.id });
    const outsider = await buildUser({ organizationId: org.id, teamIds: [otherTeam.id] });
    const admin = await buildAdmin({ organizationId: org.id, teamIds: [otherTeam.id] });
    const stranger = await buildAdmin();
    const get = async (user: TestUser) =>
      t.app.inject({
        method: 'GET',
        url: `/api/scheduled-messages/${created.id}`,
        headers: authHeader(await accessTokenFor(user)),
      });
    expect((await get(outsider)).statusCode).toBe(404);
    expect((await get(admin)).statusCode).toBe(200);
    expect((await get(stranger)).statusCode).toBe(404);
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/scheduled-messages',
      headers: authHeader(await accessTokenFor(outsider)),
    });
    expect(list.json()).toEqual({ items: [] });
  });

  it('its author and administrators edit and delete it; another member may not (403)', async () => {
    const { headers, conversation, org, team } = await inboxWithConversation();
    const created = (
      await schedule(headers, { ...base, conversationId: conversation.id, reminders: ['24h'] })
    ).json<ScheduledMessage>();
    const colleague = await buildUser({ organizationId: org.id, teamIds: [team.id] });
    const admin = await buildAdmin({ organizationId: org.id, teamIds: [team.id] });
    const put = async (h: Record<string, string>, over: Record<string, unknown> = {}) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/scheduled-messages/${created.id}`,
        headers: h,
        payload: { ...base, ...over },
      });
    const refused = await put(authHeader(await accessTokenFor(colleague)));
    expect(refused.statusCode).toBe(403);
    const edited = await put(headers, { title: 'Nouveau titre', time: '15:30', reminders: ['48h'] });
    expect(edited.statusCode).toBe(200);
    expect(edited.json<ScheduledMessage>()).toMatchObject({
      title: 'Nouveau titre',
      scheduledAt: '2031-03-10T19:30:00.000Z',
      reminders: ['48h'],
    });
    expect(edited.json<ScheduledMessage>().sends.map((s) => s.kind)).toEqual(['48h', 'message']);
    expect((await put(authHeader(await accessTokenFor(admin)), { time: '16:00' })).statusCode).toBe(200);
    const del = async (h: Record<string, string>) =>
      t.app.inject({ method: 'DELETE', url: `/api/scheduled-messages/${created.id}`, headers: h });
    expect((await del(authHeader(await accessTokenFor(colleague)))).statusCode).toBe(403);
    expect((await del(headers)).statusCode).toBe(204);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/scheduled-messages/${created.id}`, headers }))
        .statusCode,
    ).toBe(404);
  });

  it('a send whose message was edited or deleted finds nothing to do', async () => {
    const { headers, conversation } = await inboxWithConversation();
    const created = (
      await schedule(headers, { ...base, conversationId: conversation.id })
    ).json<ScheduledMessage>();
    const [before] = await sendsOf(created.id);
    await t.app.inject({
      method: 'PUT',
      url: `/api/scheduled-messages/${created.id}`,
      headers,
      payload: { ...base, time: '11:00' },
    });
    expect(await run(conversation.organizationId, before!.id)).toEqual({ outcome: 'gone', attempts: 0 });
    const [after] = await sendsOf(created.id);
    await t.app.inject({ method: 'DELETE', url: `/api/scheduled-messages/${created.id}`, headers });
    expect(await run(conversation.organizationId, after!.id)).toEqual({ outcome: 'gone', attempts: 0 });
    const texts = await t.deps.db.select().from(messages).where(eq(messages.conversationId, conversation.id));
    expect(texts).toHaveLength(0);
  });
});

describe('sending at the due instant', () => {
  it('sends the text once into the conversation as its author; a second run sends nothing; the message is no longer editable', async () => {
    const { headers, conversation } = await inboxWithConversation();
    const created = (
      await schedule(headers, { ...base, conversationId: conversation.id })
    ).json<ScheduledMessage>();
    const [send] = await sendsOf(created.id);
    expect(await run(conversation.organizationId, send!.id)).toEqual({ outcome: 'sent', attempts: 1 });
    expect(await run(conversation.organizationId, send!.id)).toEqual({ outcome: 'done', attempts: 0 });
    const texts = await t.deps.db.select().from(messages).where(eq(messages.conversationId, conversation.id));
    expect(texts).toHaveLength(1);
    expect(texts[0]).toMatchObject({
      body: base.message,
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
      payload: base,
    });
    expect(edit.json()).toMatchObject({ code: 'scheduled-message-not-editable' });
    expect(edit.statusCode).toBe(409);
  });

  it('a run resumed after its process died mid-send (state sending, key used) replays instead of sending again', async () => {
    const { headers, conversation } = await inboxWithConversation();
    const created = (
      await schedule(headers, { ...base, conversationId: conversation.id })
    ).json<ScheduledMessage>();
    const [send] = await sendsOf(created.id);
    expect(await run(conversation.organizationId, send!.id)).toMatchObject({ outcome: 'sent' });
    // As if the process died after the text was stored and handed over, before the send was settled.
    await t.deps.db
      .update(scheduledMessageSends)
      .set({ state: 'sending', messageId: null })
      .where(eq(scheduledMessageSends.id, send!.id));
    expect(await run(conversation.organizationId, send!.id)).toEqual({ outcome: 'sent', attempts: 1 });
    const texts = await t.deps.db.select().from(messages).where(eq(messages.conversationId, conversation.id));
    expect(texts).toHaveLength(1);
    const [settled] = await sendsOf(created.id);
    expect(settled).toMatchObject({ state: 'sent', messageId: texts[0]!.id });
    expect(scheduledSendKey(send!.id, 1)).toBe(`scheduled:${send!.id}:1`);
  });

  it('from a contact: opens the team’s conversation with the number and sends into it', async () => {
    const { headers, team } = await buildInbox();
    const created = (
      await schedule(headers, { ...base, toPhoneNumber: '514 555 0177' })
    ).json<ScheduledMessage>();
    const [send] = await sendsOf(created.id);
    expect(await run(team.organizationId, send!.id)).toMatchObject({ outcome: 'sent' });
    const read = (
      await t.app.inject({ method: 'GET', url: `/api/scheduled-messages/${created.id}`, headers })
    ).json<ScheduledMessage>();
    expect(read.conversationId).toBeTruthy();
    const page = await t.app.inject({
      method: 'GET',
      url: `/api/conversations/${read.conversationId}/messages`,
      headers,
    });
    expect(page.json<{ items: Message[] }>().items.map((m) => m.body)).toEqual([base.message]);
  });

  it("a landline: failed with the carrier's reason (30006), not retried", async () => {
    const landline = `+1514${Math.floor(200 + Math.random() * 799)}0000`;
    const { headers, conversation } = await inboxWithConversation(landline);
    const created = (
      await schedule(headers, { ...base, conversationId: conversation.id })
    ).json<ScheduledMessage>();
    const [send] = await sendsOf(created.id);
    expect(await run(conversation.organizationId, send!.id)).toEqual({ outcome: 'failed', attempts: 1 });
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
    const created = (
      await schedule(authHeader(await accessTokenFor(user)), { ...base, conversationId: conversation.id })
    ).json<ScheduledMessage>();
    const [send] = await sendsOf(created.id);
    expect(await run(org.id, send!.id)).toEqual({ outcome: 'failed', attempts: 1 });
    const [row] = await t.deps.db
      .select()
      .from(scheduledMessages)
      .where(and(eq(scheduledMessages.id, created.id)));
    expect(row).toMatchObject({ state: 'failed', errorCode: 'message-not-sendable' });
  });

  it("runs on the app's job queue at its instant", async () => {
    const { headers, conversation } = await inboxWithConversation();
    const created = (
      await schedule(headers, { ...base, conversationId: conversation.id })
    ).json<ScheduledMessage>();
    const [send] = await sendsOf(created.id);
    // Due now: the job sent for it starts at once.
    await t.deps.db
      .update(scheduledMessageSends)
      .set({ dueAt: new Date() })
      .where(eq(scheduledMessageSends.id, send!.id));
    await t.jobs.start();
    await t.jobs.send(sendScheduledMessageJob, {
      organizationId: conversation.organizationId,
      sendId: send!.id,
    });
    await expect.poll(async () => (await sendsOf(created.id))[0]?.state, { timeout: 15_000 }).toBe('sent');
  });

  it('queues again a send whose job was lost, once it is 10 minutes late, and it is then sent', async () => {
    const { headers, conversation } = await inboxWithConversation();
    const created = (
      await schedule(headers, { ...base, conversationId: conversation.id })
    ).json<ScheduledMessage>();
    const [send] = await sendsOf(created.id);
    await t.jobs.start();
    const jobsOf = async () =>
      (await t.jobs.boss().findJobs(sendScheduledMessageJob.name, { data: { sendId: send!.id } })).length;
    expect(await jobsOf()).toBe(1); // its own, for 2031
    await t.deps.db
      .update(scheduledMessageSends)
      .set({ dueAt: new Date(Date.now() - 9 * 60_000) })
      .where(eq(scheduledMessageSends.id, send!.id));
    await requeueOverdueSends(t.deps);
    expect(await jobsOf()).toBe(1);
    await t.deps.db
      .update(scheduledMessageSends)
      .set({ dueAt: new Date(Date.now() - 11 * 60_000) })
      .where(eq(scheduledMessageSends.id, send!.id));
    expect(await requeueOverdueSends(t.deps)).toBeGreaterThanOrEqual(1);
    expect(await jobsOf()).toBe(2);
    await expect.poll(async () => (await sendsOf(created.id))[0]?.state, { timeout: 15_000 }).toBe('sent');
    const texts = await t.deps.db.select().from(messages).where(eq(messages.conversationId, conversation.id));
    expect(texts).toHaveLength(1);
  });
});
