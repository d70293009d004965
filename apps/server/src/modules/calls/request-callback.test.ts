import { CALL_PHASE_NUMBERS, type Call, type MessagePage } from '@accueil/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { domainEvents } from '../../db/schema/domain-events';
import { buildAutomaticReply } from '../../test/automation-factories';
import { allWeekSchedule, buildCallOrganization, buildInboundCall, newSid } from '../../test/call-factories';
import { buildTeam, buildUser } from '../../test/factories';
import { signedInAs } from '../../test/signed-in';
import { useTestApp } from '../../test/test-app';
import { requestCallback } from './request-callback';

const t = useTestApp();

/** An organisation (English, queue on, open all week) with a team and a member; the missed-call automatic reply is on. */
async function setup() {
  const org = await buildCallOrganization({
    queue: true,
    name: 'Sunny Clinic',
    locale: 'en-CA',
    schedule: allWeekSchedule(),
  });
  const team = await buildTeam({ organizationId: org.id });
  const member = await buildUser({ organizationId: org.id, teamIds: [team.id] });
  await buildAutomaticReply({ organizationId: org.id, kind: 'missed-call', body: 'Sorry we missed you.' });
  const inbound = async (from: string) =>
    (await buildInboundCall(t.deps, { callSid: newSid('CB'), from, to: team.phoneNumber! }))!;
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
      phase: CALL_PHASE_NUMBERS.ended,
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
      phase: CALL_PHASE_NUMBERS.queued,
      queue: { status: 'queued' },
      version: 1,
    });
  });

  it('refuses a call not waiting in the queue, and one the app does not know', async () => {
    const { inbound } = await setup();
    expect(await requestCallback(t.deps, { carrier: 'sandbox', callSid: newSid('CB') })).toEqual({
      outcome: 'refused',
    });
    const { call } = await inbound('+15145550124');
    await requestCallback(t.deps, { carrier: 'sandbox', callSid: call.callSid! });
    expect(await requestCallback(t.deps, { carrier: 'sandbox', callSid: call.callSid! })).toEqual({
      outcome: 'refused',
    });
  });
});
