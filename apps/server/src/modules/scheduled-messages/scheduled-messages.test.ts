import type { ScheduledMessage } from '@accueil/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messages } from '../../db/schema/messages';
import { buildConversation, buildInbox, buildInboxWithConversation } from '../../test/conversation-factories';
import {
  authHeader,
  buildAdmin,
  buildOrganization,
  buildTeam,
  buildUser,
  type TestUser,
} from '../../test/factories';
import {
  postScheduledMessage,
  SCHEDULED_FORM,
  sendsOf,
  wallClockIn,
} from '../../test/scheduled-message-factories';
import { accessTokenFor } from '../../test/signed-in';
import { useTestApp } from '../../test/test-app';
import { runScheduledSend } from './run-scheduled-send';
import { sendScheduledMessageJob } from './send-scheduled-message.job';

const t = useTestApp();

describe('scheduling a message', () => {
  it('from the composer: stored as scheduled, its instant read in the organisation’s time zone, one job per send at its instant', async () => {
    const { headers, conversation, team } = await buildInboxWithConversation();
    const res = await postScheduledMessage(t.app, headers, {
      ...SCHEDULED_FORM,
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
      toPhoneNumber: conversation.address,
      conversationId: conversation.id,
      teamId: team.id,
      createdBy: { name: 'Marie Tremblay' },
    });
    expect(created.sends.map((s) => [s.kind, s.dueAt, s.state])).toEqual([
      ['7d', '2031-03-03T15:00:00.000Z', 'scheduled'], // still EST a week before
      ['24h', '2031-03-09T14:00:00.000Z', 'scheduled'],
      ['message', '2031-03-10T14:00:00.000Z', 'scheduled'],
    ]);
    const rows = await sendsOf(t.deps.db, created.id);
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
    const res = await postScheduledMessage(t.app, authHeader(await accessTokenFor(user)), {
      ...SCHEDULED_FORM,
      conversationId: conversation.id,
    });
    expect(res.json<ScheduledMessage>().scheduledAt).toBe('2031-03-10T09:00:00.000Z');
  });

  it('from a contact: to a number read in the organisation’s country, no conversation yet', async () => {
    const { headers } = await buildInbox();
    const res = await postScheduledMessage(t.app, headers, {
      ...SCHEDULED_FORM,
      toPhoneNumber: '(514) 555-0147',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json<ScheduledMessage>()).toMatchObject({
      toPhoneNumber: '+15145550147',
      conversationId: null,
    });
  });

  it('refuses a planned time less than 5 minutes ahead, and a reminder that is', async () => {
    const { headers, conversation } = await buildInboxWithConversation();
    const soon = await postScheduledMessage(t.app, headers, {
      ...SCHEDULED_FORM,
      ...wallClockIn(3),
      conversationId: conversation.id,
    });
    expect(soon.statusCode).toBe(422);
    expect(soon.json()).toMatchObject({ code: 'scheduled-too-soon', details: { kind: 'message' } });
    const reminder = await postScheduledMessage(t.app, headers, {
      ...SCHEDULED_FORM,
      ...wallClockIn(60),
      reminders: ['24h'],
      conversationId: conversation.id,
    });
    expect(reminder.json()).toMatchObject({ code: 'scheduled-too-soon', details: { kind: '24h' } });
    const later = await postScheduledMessage(t.app, headers, {
      ...SCHEDULED_FORM,
      ...wallClockIn(7),
      conversationId: conversation.id,
    });
    expect(later.statusCode).toBe(201);
  });

  it('refuses a blank title or message, a time that is not HH:mm, an emergency number', async () => {
    const { headers, conversation } = await buildInboxWithConversation();
    for (const over of [{ title: '  ' }, { message: '' }, { time: '9h00' }, { date: '10/03/2031' }]) {
      const res = await postScheduledMessage(t.app, headers, {
        ...SCHEDULED_FORM,
        conversationId: conversation.id,
        ...over,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'validation-failed' });
    }
    const emergency = await postScheduledMessage(t.app, headers, { ...SCHEDULED_FORM, toPhoneNumber: '911' });
    expect(emergency.json()).toMatchObject({ code: 'phone-invalid' });
  });

  it("answers 404 for another team's or another organisation's conversation", async () => {
    const { headers, org } = await buildInbox();
    const otherTeam = await buildConversation({ organizationId: org.id });
    const otherOrg = await buildConversation();
    for (const c of [otherTeam, otherOrg]) {
      const res = await postScheduledMessage(t.app, headers, { ...SCHEDULED_FORM, conversationId: c.id });
      expect(res.statusCode).toBe(404);
    }
  });
});

describe('listing, reading, editing, deleting', () => {
  it('lists the current team’s, soonest first, by conversation and by number; never an emergency number', async () => {
    const { headers, conversation } = await buildInboxWithConversation();
    const later = (
      await postScheduledMessage(t.app, headers, {
        ...SCHEDULED_FORM,
        date: '2031-04-01',
        conversationId: conversation.id,
      })
    ).json<ScheduledMessage>();
    const sooner = (
      await postScheduledMessage(t.app, headers, {
        ...SCHEDULED_FORM,
        date: '2031-03-20',
        conversationId: conversation.id,
      })
    ).json<ScheduledMessage>();
    const list = await t.app.inject({ method: 'GET', url: '/api/scheduled-messages', headers });
    expect(list.json<{ items: ScheduledMessage[] }>().items.map((m) => m.id)).toEqual([sooner.id, later.id]);
    const ofConversation = await t.app.inject({
      method: 'GET',
      url: `/api/scheduled-messages?conversationId=${conversation.id}`,
      headers,
    });
    expect(ofConversation.json<{ items: unknown[] }>().items).toHaveLength(2);
    const typed = conversation.address.slice(2); // 514…, without +1
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
    const { headers, conversation, org } = await buildInboxWithConversation();
    const created = (
      await postScheduledMessage(t.app, headers, { ...SCHEDULED_FORM, conversationId: conversation.id })
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
    const { headers, conversation, org, team } = await buildInboxWithConversation();
    const created = (
      await postScheduledMessage(t.app, headers, {
        ...SCHEDULED_FORM,
        conversationId: conversation.id,
        reminders: ['24h'],
      })
    ).json<ScheduledMessage>();
    const colleague = await buildUser({ organizationId: org.id, teamIds: [team.id] });
    const admin = await buildAdmin({ organizationId: org.id, teamIds: [team.id] });
    const put = async (h: Record<string, string>, over: Record<string, unknown> = {}) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/scheduled-messages/${created.id}`,
        headers: h,
        payload: { ...SCHEDULED_FORM, ...over },
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
    const { headers, conversation } = await buildInboxWithConversation();
    const created = (
      await postScheduledMessage(t.app, headers, { ...SCHEDULED_FORM, conversationId: conversation.id })
    ).json<ScheduledMessage>();
    const [before] = await sendsOf(t.deps.db, created.id);
    await t.app.inject({
      method: 'PUT',
      url: `/api/scheduled-messages/${created.id}`,
      headers,
      payload: { ...SCHEDULED_FORM, time: '11:00' },
    });
    expect(
      await runScheduledSend(t.deps, { organizationId: conversation.organizationId, sendId: before!.id }),
    ).toEqual({ outcome: 'gone', attempts: 0 });
    const [after] = await sendsOf(t.deps.db, created.id);
    await t.app.inject({ method: 'DELETE', url: `/api/scheduled-messages/${created.id}`, headers });
    expect(
      await runScheduledSend(t.deps, { organizationId: conversation.organizationId, sendId: after!.id }),
    ).toEqual({ outcome: 'gone', attempts: 0 });
    const texts = await t.deps.db.select().from(messages).where(eq(messages.conversationId, conversation.id));
    expect(texts).toHaveLength(0);
  });
});
