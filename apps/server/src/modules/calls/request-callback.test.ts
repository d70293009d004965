import {
  CALL_PHASES,
  defaultOrganizationOptions,
  defaultSchedule,
  type Call,
  type MessagePage,
} from '@accueil/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { domainEvents } from '../../db/schema/domain-events';
import { buildAdmin, buildOrganization, buildTeam, buildUser } from '../../test/factories';
import { signedInAs } from '../../test/signed-in';
import { useTestApp } from '../../test/test-app';
import { requestCallback } from './request-callback';
import { startInboundCall } from './start-inbound-call';

const t = useTestApp();
const sid = () => `CB${crypto.randomUUID().replaceAll('-', '')}`;
const open = {
  ...defaultSchedule(),
  week: defaultSchedule().week.map((d) => ({ ...d, enabled: true, start: '00:00', end: '23:59' })),
};

/** An organisation (English, queue on, open all week) with a team and a member; the missed-call automatic reply is on. */
async function setup() {
  const options = defaultOrganizationOptions();
  options.voiceQueue.enabled = true;
  const org = await buildOrganization({ name: 'Sunny Clinic', locale: 'en-CA', options, schedule: open });
  const team = await buildTeam({ organizationId: org.id });
  const member = await buildUser({ organizationId: org.id, teamIds: [team.id] });
  const admin = await buildAdmin({ organizationId: org.id, teamIds: [team.id] });
  const reply = await t.app.inject({
    method: 'PUT',
    url: '/api/automatic-replies',
    headers: await signedInAs(admin),
    payload: { teamId: null, kind: 'missed-call', enabled: true, body: 'Sorry we missed you.' },
  });
  expect(reply.statusCode).toBe(200);
  const inbound = async (from: string) =>
    (await startInboundCall(t.deps, { carrier: 'sandbox', callSid: sid(), from, to: team.phoneNumber! }))!;
  const get = async <T>(url: string) =>
    (await t.app.inject({ method: 'GET', url, headers: await signedInAs(member) })).json<T>();
  return { org, inbound, get };
}

describe('a callback request from the queue (key 1)', () => {
  it('ends the call as a callback request once, and texts the caller (in English) instead of the missed-call reply', async () => {
    const { org, inbound, get } = await setup();
    const { call } = await inbound('+15145550123');
    expect(call.queue?.status).toBe('queued');
    const asked = await requestCallback(t.deps, { carrier: 'sandbox', callSid: call.callSid! });
    expect(asked).toMatchObject({
      outcome: 'requested',
      speech: { language: 'en-CA', text: expect.stringContaining('callback request is received') },
    });
    expect(await get<Call>(`/api/voice/v1/calls/${call.id}`)).toMatchObject({
      status: 'callback-request',
      phase: CALL_PHASES.ended,
      missed: true,
      queue: { status: 'completed' },
      version: 2,
    });
    // Once per call: a second key 1 (or a retried report) changes nothing.
    expect(await requestCallback(t.deps, { carrier: 'sandbox', callSid: call.callSid! })).toEqual({
      outcome: 'refused',
    });
    expect((await get<Call>(`/api/voice/v1/calls/${call.id}`)).version).toBe(2);

    await t.jobs.start();
    const texts = async () =>
      (await get<MessagePage>(`/api/conversations/${call.conversationId}/messages`)).items
        .filter((m) => m.automatic)
        .map((m) => m.body);
    await expect
      .poll(texts, { timeout: 15_000 })
      .toEqual(['We received your callback request. Sunny Clinic will call you back as soon as possible.']);
    // No `call.missed`: the missed-call reply never comes after a callback request.
    const events = await t.deps.db.select().from(domainEvents).where(eq(domainEvents.organizationId, org.id));
    expect(events).toEqual([]);
  }, 30_000);

  it('an anonymous caller cannot be texted: told so, the call stays in the queue', async () => {
    const { inbound, get } = await setup();
    const { call } = await inbound('anonymous');
    const asked = await requestCallback(t.deps, { carrier: 'sandbox', callSid: call.callSid! });
    expect(asked).toMatchObject({
      outcome: 'no-number',
      speech: { language: 'en-CA', text: expect.stringContaining('cannot send you a text') },
    });
    expect(await get<Call>(`/api/voice/v1/calls/${call.id}`)).toMatchObject({
      status: 'initiated',
      phase: CALL_PHASES.queued,
      queue: { status: 'queued' },
      version: 1,
    });
  });

  it('refuses a call not waiting in the queue, and one the app does not know', async () => {
    const { inbound } = await setup();
    expect(await requestCallback(t.deps, { carrier: 'sandbox', callSid: sid() })).toEqual({
      outcome: 'refused',
    });
    const { call } = await inbound('+15145550124');
    await requestCallback(t.deps, { carrier: 'sandbox', callSid: call.callSid! });
    expect(await requestCallback(t.deps, { carrier: 'sandbox', callSid: call.callSid! })).toEqual({
      outcome: 'refused',
    });
  });
});
