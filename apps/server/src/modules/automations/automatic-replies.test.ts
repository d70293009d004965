import { defaultSchedule, type AutomaticReply, type Message, type MessagePage } from '@accueil/domain';
import { describe, expect, it } from 'vitest';
import { buildConversation, buildInbox } from '../../test/conversation-factories';
import { buildAdmin, buildContact, buildOrganization, buildTeam, buildUser } from '../../test/factories';
import { signedInAs } from '../../test/signed-in';
import { useTestApp } from '../../test/test-app';
import { automaticReplyJob } from './automatic-reply.job';
import { replyAutomatically } from './reply-automatically';

const t = useTestApp();

// The default week (Mon–Fri 09:00–17:00) in America/Toronto:
const SATURDAY_10H = new Date('2026-11-28T15:00:00Z'); // closed
const TUESDAY_10H = new Date('2026-11-24T15:00:00Z'); // open
const MONDAY_10H = new Date('2026-11-30T15:00:00Z'); // open, a new period after the weekend

async function call(
  user: { id: string; organizationId: string },
  method: 'GET' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) {
  return t.app.inject({ method, url, headers: await signedInAs(user), ...(payload ? { payload } : {}) });
}

/** An organisation with a team, an administrator, a contact and its conversation; automatic replies set by the administrator. */
async function setup(schedule = defaultSchedule()) {
  const org = await buildOrganization({ schedule });
  const team = await buildTeam({ organizationId: org.id });
  const admin = await buildAdmin({ organizationId: org.id, teamIds: [team.id] });
  const contact = await buildContact({
    organizationId: org.id,
    phone: '+15145550142',
    firstName: 'Noé',
    lastName: 'Roy',
  });
  const conv = await buildConversation({
    organizationId: org.id,
    teamId: team.id,
    address: '+15145550142',
    contactId: contact.id,
  });
  const set = (payload: object) => call(admin, 'PUT', '/api/automatic-replies', payload);
  const reply = (now: Date, event: 'inbound-text' | 'missed-call' = 'inbound-text') =>
    replyAutomatically(t.deps, { organizationId: org.id, conversationId: conv.id, event, now });
  const messages = async () =>
    (
      await t.app.inject({
        method: 'GET',
        url: `/api/conversations/${conv.id}/messages`,
        headers: await signedInAs(admin),
      })
    ).json<MessagePage>().items;
  return { org, team, admin, conv, set, reply, messages };
}

describe('automatic replies: settings', () => {
  it('are read by every member and changed by administrators only, globally or per team', async () => {
    const { org, team, admin, set } = await setup();
    const agent = await buildUser({ organizationId: org.id, teamIds: [team.id] });
    const global = await set({
      teamId: null,
      kind: 'missed-sms',
      enabled: true,
      body: 'Nous sommes fermés, {{first_name}}.',
    });
    expect(global.statusCode).toBe(200);
    expect(
      (await set({ teamId: team.id, kind: 'missed-sms', enabled: false, body: 'Équipe' })).statusCode,
    ).toBe(200);
    const again = await set({ teamId: null, kind: 'missed-sms', enabled: true, body: 'Fermé.' });
    expect(again.json<AutomaticReply>().id).toBe(global.json<AutomaticReply>().id);

    const list = (await call(agent, 'GET', '/api/automatic-replies')).json<AutomaticReply[]>();
    expect(list.map((r) => [r.teamId, r.kind, r.enabled, r.body])).toEqual([
      [null, 'missed-sms', true, 'Fermé.'],
      [team.id, 'missed-sms', false, 'Équipe'],
    ]);

    const refused = await call(agent, 'PUT', '/api/automatic-replies', {
      teamId: null,
      kind: 'vacation',
      enabled: true,
      body: 'x',
    });
    expect(refused.statusCode).toBe(403);
    expect((await call(agent, 'DELETE', `/api/automatic-replies/${list[1]!.id}`)).statusCode).toBe(403);
    expect((await call(admin, 'DELETE', `/api/automatic-replies/${list[1]!.id}`)).statusCode).toBe(204);
    expect((await call(admin, 'DELETE', `/api/automatic-replies/${list[0]!.id}`)).statusCode).toBe(404);
  });

  it('require a text, and refuse a team of another organisation', async () => {
    const { set } = await setup();
    expect((await set({ teamId: null, kind: 'missed-call', enabled: true, body: '   ' })).statusCode).toBe(
      400,
    );
    const stranger = await buildTeam();
    expect(
      (await set({ teamId: stranger.id, kind: 'missed-call', enabled: true, body: 'x' })).statusCode,
    ).toBe(404);
  });
});

describe('automatic replies: sending', () => {
  it('answers a text outside opening hours once per period, filled and marked automatic; not during opening hours', async () => {
    const { set, reply, messages } = await setup();
    await set({
      teamId: null,
      kind: 'missed-sms',
      enabled: true,
      body: 'Bonjour {{first_name}}, nous sommes fermés.',
    });
    expect(await reply(TUESDAY_10H)).toEqual({ outcome: 'none' });
    const first = await reply(SATURDAY_10H);
    expect(first).toMatchObject({ outcome: 'sent', kind: 'missed-sms' });
    // Later the same weekend: the same closed period.
    expect(await reply(new Date(SATURDAY_10H.getTime() + 3 * 3600_000))).toEqual({
      outcome: 'limited',
      kind: 'missed-sms',
    });
    const sent = (await messages()).filter((m: Message) => m.direction === 'outbound');
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      body: 'Bonjour Noé, nous sommes fermés.',
      automatic: true,
      author: 'automatic',
      authorName: null,
    });
  });

  it('never sends two within 15 minutes, even across periods', async () => {
    const { set, reply } = await setup();
    await set({ teamId: null, kind: 'missed-sms', enabled: true, body: 'Fermé.' });
    await set({ teamId: null, kind: 'missed-call', enabled: true, body: 'Appel manqué.' });
    // Friday 16:55 closed? No: open until 17:00. A text at 17:05 (closed), a call at 17:10 (another kind, same period).
    const friday1705 = new Date('2026-11-27T22:05:00Z');
    expect((await reply(friday1705)).outcome).toBe('sent');
    expect((await reply(new Date(friday1705.getTime() + 5 * 60_000), 'missed-call')).outcome).toBe('limited');
    expect((await reply(MONDAY_10H, 'missed-call')).outcome).toBe('sent');
  });

  it('sends one reply to two texts arriving at once (no storm)', async () => {
    const { set, reply, messages } = await setup();
    await set({ teamId: null, kind: 'missed-sms', enabled: true, body: 'Fermé.' });
    const outcomes = await Promise.all([reply(SATURDAY_10H), reply(SATURDAY_10H), reply(SATURDAY_10H)]);
    expect(outcomes.filter((o) => o.outcome === 'sent')).toHaveLength(1);
    expect((await messages()).filter((m: Message) => m.automatic)).toHaveLength(1);
  });

  it("uses the team's own setting over the organisation's, and none when it is off", async () => {
    const { team, set, reply, messages } = await setup();
    await set({ teamId: null, kind: 'missed-call', enabled: true, body: 'Organisation' });
    await set({ teamId: team.id, kind: 'missed-call', enabled: true, body: 'Équipe' });
    expect((await reply(TUESDAY_10H, 'missed-call')).outcome).toBe('sent');
    expect((await messages()).at(-1)?.body).toBe('Équipe');
    await set({ teamId: team.id, kind: 'missed-call', enabled: false, body: 'Équipe' });
    expect(await reply(MONDAY_10H, 'missed-call')).toEqual({ outcome: 'none' });
  });

  it('sends the vacation text during a vacation, for a call or a text', async () => {
    const { set, reply, messages } = await setup({
      ...defaultSchedule(),
      vacations: [{ start: '2026-11-23', end: '2026-11-27' }],
    });
    await set({ teamId: null, kind: 'vacation', enabled: true, body: 'En vacances jusqu’au 30.' });
    await set({ teamId: null, kind: 'missed-sms', enabled: true, body: 'Fermé.' });
    expect(await reply(TUESDAY_10H)).toMatchObject({ outcome: 'sent', kind: 'vacation' });
    expect((await messages()).at(-1)?.body).toBe('En vacances jusqu’au 30.');
  });

  it('sends nothing to an anonymous number, and says why', async () => {
    const inbox = await buildInbox();
    const admin = await buildAdmin({ organizationId: inbox.org.id, teamIds: [inbox.team.id] });
    await call(admin, 'PUT', '/api/automatic-replies', {
      teamId: null,
      kind: 'missed-call',
      enabled: true,
      body: 'Appel manqué.',
    });
    const conv = await buildConversation({
      organizationId: inbox.org.id,
      teamId: inbox.team.id,
      address: 'anonymous',
    });
    const out = await replyAutomatically(t.deps, {
      organizationId: inbox.org.id,
      conversationId: conv.id,
      event: 'missed-call',
      now: TUESDAY_10H,
    });
    expect(out).toEqual({ outcome: 'failed', kind: 'missed-call', code: 'message-not-sendable' });
  });
});

describe('automatic replies: from an inbound text', () => {
  it('an inbound text hands the decision to the automatic-reply job, which answers once (the contact texting again gets nothing more)', async () => {
    // Every day closed: the missed-SMS reply is due whenever the test runs.
    const closed = {
      ...defaultSchedule(),
      week: defaultSchedule().week.map((d) => ({ ...d, enabled: false })),
    };
    const { team, set, messages } = await setup(closed);
    await set({
      teamId: null,
      kind: 'missed-sms',
      enabled: true,
      body: 'Nous sommes fermés, {{first_name}}.',
    });
    const text = (body: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/sandbox/messages',
        payload: { from: '+15145550142', to: team.phoneNumber, body },
      });
    expect((await text('Bonjour?')).statusCode).toBe(201);
    await t.jobs.start();
    await expect
      .poll(async () => (await messages()).filter((m: Message) => m.automatic).map((m) => m.body), {
        timeout: 15_000,
      })
      .toEqual(['Nous sommes fermés, Noé.']);
    expect((await text('Allô?')).statusCode).toBe(201);
    await expect
      .poll(
        async () =>
          (
            await t.jobs
              .boss()
              .findJobs(automaticReplyJob.name, { data: { organizationId: team.organizationId } })
          ).filter((j) => j.state === 'completed').length,
        { timeout: 15_000 },
      )
      .toBe(2);
    expect((await messages()).filter((m: Message) => m.automatic)).toHaveLength(1);
  });

  it('queues no job for an organisation whose texts can get no automatic reply (none on, or only the missed-call one)', async () => {
    const closed = {
      ...defaultSchedule(),
      week: defaultSchedule().week.map((d) => ({ ...d, enabled: false })),
    };
    const { team, set } = await setup(closed);
    const jobs = async () =>
      (
        await t.jobs
          .boss()
          .findJobs(automaticReplyJob.name, { data: { organizationId: team.organizationId } })
      ).length;
    const text = (body: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/sandbox/messages',
        payload: { from: '+15145550143', to: team.phoneNumber, body },
      });
    await set({ teamId: null, kind: 'missed-sms', enabled: false, body: 'Fermé.' });
    await set({ teamId: null, kind: 'missed-call', enabled: true, body: 'Appel manqué.' });
    expect((await text('Bonjour?')).statusCode).toBe(201);
    expect(await jobs()).toBe(0);
    // A team's own missed-SMS reply switched on is enough.
    await set({ teamId: team.id, kind: 'missed-sms', enabled: true, body: 'Équipe fermée.' });
    expect((await text('Allô?')).statusCode).toBe(201);
    expect(await jobs()).toBe(1);
  });
});
