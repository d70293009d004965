import {
  CALL_PHASE_NUMBERS,
  defaultOrganizationOptions,
  type Schedule,
  type Call,
  type ConversationCalls,
  type MessagePage,
} from '@accueil/domain';
import { eq } from 'drizzle-orm';
import { buffer } from 'node:stream/consumers';
import { describe, expect, it, vi } from 'vitest';
import { StorageNotFoundError } from '../../carriers/storage/storage-carrier';
import type { SandboxCallAction } from '../../carriers/voice/sandbox/sandbox-voice-carrier';
import { callRecordings, calls } from '../../db/schema/calls';
import { domainEvents, eventDeliveries } from '../../db/schema/domain-events';
import { buildAutomaticReply } from '../../test/automation-factories';
import {
  allWeekSchedule,
  buildCallOrganization,
  buildInboundCall,
  CLOSED_SATURDAY_10H as SATURDAY_10H,
  newSid,
  OPEN_TUESDAY_10H as TUESDAY_10H,
} from '../../test/call-factories';
import { buildContact, buildOrganization, buildTeam, buildUser } from '../../test/factories';
import { signedInAs } from '../../test/signed-in';
import { useTestApp } from '../../test/test-app';
import { applyCallStatus } from './apply-call-status';
import { recordVoicemail } from './record-voicemail';

const t = useTestApp();

const CALLER = '+15145550177';

/** An organisation (options and schedule as given) with a team, a member and a contact calling from CALLER. */
async function setup(opts: { queue?: boolean; schedule?: Schedule } = {}) {
  const org = await buildCallOrganization({
    queue: opts.queue ?? false,
    ...(opts.schedule ? { schedule: opts.schedule } : {}),
  });
  const team = await buildTeam({ organizationId: org.id });
  const member = await buildUser({ organizationId: org.id, teamIds: [team.id], status: 'online' });
  const contact = await buildContact({
    organizationId: org.id,
    phone: CALLER,
    firstName: 'Noé',
    lastName: 'Roy',
  });
  const inbound = (at: Date, callSid = newSid()) =>
    buildInboundCall(t.deps, { callSid, from: CALLER, to: team.phoneNumber!, at });
  return { org, team, member, contact, inbound };
}

const get = async (user: { id: string; organizationId: string }, url: string) =>
  t.app.inject({ method: 'GET', url, headers: await signedInAs(user) });
const post = async (user: { id: string; organizationId: string }, url: string, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: await signedInAs(user), ...(payload ? { payload } : {}) });

describe('inbound calls: routing and the conversation', () => {
  it('during opening hours without a queue it rings the team, in the conversation of the caller (linked to the contact)', async () => {
    const { member, contact, inbound, team } = await setup();
    const decision = (await inbound(TUESDAY_10H))!;
    expect(decision).toMatchObject({
      route: 'ring',
      period: 'OPEN',
      locale: 'fr-CA',
      ringUserIds: [member.id],
      duplicate: false,
    });
    expect(decision.call).toMatchObject({
      direction: 'inbound',
      from: CALLER,
      to: team.phoneNumber,
      phase: CALL_PHASE_NUMBERS.ringing,
      status: 'ringing',
      contactId: contact.id,
      missed: false,
      version: 1,
    });
    const listed = (
      await get(member, `/api/conversations/${decision.call.conversationId}/calls`)
    ).json<ConversationCalls>();
    expect(listed.calls.map((c) => c.id)).toEqual([decision.call.id]);
    const conversation = (await get(member, `/api/conversations/${decision.call.conversationId}`)).json<{
      friendlyName: string;
      attributes: object;
    }>();
    expect(conversation).toMatchObject({
      friendlyName: CALLER,
      attributes: { isCall: true, direction: 'inbound' },
    });
  });

  it('goes to the queue when the organisation has it on, and to voicemail outside opening hours', async () => {
    const { inbound } = await setup({ queue: true });
    const queued = (await inbound(TUESDAY_10H))!;
    expect(queued.route).toBe('queue');
    expect(queued.call).toMatchObject({
      phase: CALL_PHASE_NUMBERS.queued,
      queue: { status: 'queued', parkNo: null },
    });
    const closed = (await inbound(SATURDAY_10H))!;
    expect(closed).toMatchObject({ route: 'voicemail', period: 'CLOSE' });
    expect(closed.call.conversationId).toBe(queued.call.conversationId);
  });

  it('goes to voicemail during opening hours when nobody can be rung and there is no queue', async () => {
    const org = await buildOrganization();
    const team = await buildTeam({ organizationId: org.id });
    const decision = await buildInboundCall(t.deps, { from: CALLER, to: team.phoneNumber!, at: TUESDAY_10H });
    expect(decision).toMatchObject({ route: 'voicemail', period: 'OPEN', ringUserIds: [] });
  });

  it('is stored once per carrier id (a retried webhook gets the same call and route), and null for a number no team has', async () => {
    const { inbound } = await setup();
    const sid = newSid();
    const first = (await inbound(TUESDAY_10H, sid))!;
    const again = (await inbound(TUESDAY_10H, sid))!;
    expect(again).toMatchObject({
      duplicate: true,
      route: first.route,
      call: { id: first.call.id, version: 1 },
    });
    expect(await t.deps.db.select().from(calls).where(eq(calls.callSid, sid))).toHaveLength(1);
    expect(await buildInboundCall(t.deps, { from: CALLER, to: '+15145559999', at: TUESDAY_10H })).toBeNull();
  });
});

describe('carrier statuses', () => {
  it('move an outbound call forward only, once each, with a new version per change; the end is final', async () => {
    const { member } = await setup();
    const sid = newSid();
    const placed = await post(member, '/api/voice/v1/calls', { to: '514 555 0188', callSid: sid });
    expect(placed.statusCode).toBe(201);
    expect(placed.json<Call>()).toMatchObject({
      direction: 'outbound',
      to: '+15145550188',
      placedBy: member.id,
      phase: CALL_PHASE_NUMBERS.initiated,
      version: 1,
    });
    const status = (s: Parameters<typeof applyCallStatus>[1]['status'], at?: Date, duration?: number) =>
      applyCallStatus(t.deps, { carrier: 'sandbox', callSid: sid, status: s, at, duration });
    expect(await status('ringing')).toMatchObject({ phase: CALL_PHASE_NUMBERS.ringing, version: 2 });
    expect(await status('ringing')).toMatchObject({ version: 2 });
    const answeredAt = new Date();
    expect(await status('in-progress', answeredAt)).toMatchObject({
      phase: CALL_PHASE_NUMBERS['in-progress'],
      answeredAt: answeredAt.toISOString(),
      version: 3,
    });
    expect(await status('ringing')).toMatchObject({ phase: CALL_PHASE_NUMBERS['in-progress'], version: 3 });
    const ended = await status('completed', new Date(answeredAt.getTime() + 65_000), 64);
    expect(ended).toMatchObject({
      phase: CALL_PHASE_NUMBERS.completed,
      outcome: 'completed',
      duration: 64,
      missed: false,
      version: 4,
    });
    expect(await status('busy')).toMatchObject({ outcome: 'completed', version: 4 });
    expect(
      await applyCallStatus(t.deps, { carrier: 'sandbox', callSid: newSid(), status: 'completed' }),
    ).toBeNull();
  });

  it('end an unanswered inbound call as missed (phase ended, no duration) and free its queue place', async () => {
    const { inbound } = await setup({ queue: true });
    const { call } = (await inbound(TUESDAY_10H))!;
    const ended = await applyCallStatus(t.deps, {
      carrier: 'sandbox',
      callSid: call.callSid!,
      status: 'completed',
      at: new Date(TUESDAY_10H.getTime() + 40_000),
    });
    expect(ended).toMatchObject({
      phase: CALL_PHASE_NUMBERS.ended,
      outcome: 'completed',
      duration: 0,
      missed: true,
      queue: { status: 'completed', parkNo: null },
    });
  });

  it('keep a voicemail once with its call, which shows as missed', async () => {
    const { inbound } = await setup();
    const { call } = (await inbound(SATURDAY_10H))!;
    const voicemail = {
      carrier: 'sandbox',
      callSid: call.callSid!,
      recordingSid: newSid('RE'),
      url: 'https://example.test/r.wav',
      duration: 12,
    };
    const stored = await recordVoicemail(t.deps, voicemail);
    expect(stored).toMatchObject({ missed: true, voicemail: { duration: 12 }, version: 2 });
    expect(await recordVoicemail(t.deps, voicemail)).toMatchObject({ version: 2 });
  });

  it("keep the audio a carrier hands over in the storage carrier, under the call's organisation, once", async () => {
    const { org, inbound } = await setup();
    const { call } = (await inbound(SATURDAY_10H))!;
    const audio = { bytes: new Uint8Array([1, 2, 3]), contentType: 'audio/wav' };
    const recordingSid = `RE${crypto.randomUUID().replaceAll('-', '')}`;
    const put = vi.spyOn(t.deps.storage, 'put');
    const report = {
      carrier: 'sandbox',
      callSid: call.callSid!,
      recordingSid,
      url: null,
      duration: 4,
      audio,
    };
    let keys: string[];
    try {
      await recordVoicemail(t.deps, report);
      // A retried callback: the row stands, the second copy is deleted.
      await recordVoicemail(t.deps, report);
      keys = put.mock.calls.map(([key]) => key);
    } finally {
      put.mockRestore();
    }
    const [row] = await t.deps.db
      .select()
      .from(callRecordings)
      .where(eq(callRecordings.recordingSid, recordingSid));
    expect(keys).toEqual([row!.storageKey, expect.stringMatching(`^org/${org.id}/recordings/`)]);
    expect(row!.storageKey).toMatch(new RegExp(`^org/${org.id}/recordings/`));
    expect(new Uint8Array(await buffer((await t.deps.storage.get(row!.storageKey!)).stream))).toEqual(
      audio.bytes,
    );
    await expect(t.deps.storage.get(keys[1]!)).rejects.toBeInstanceOf(StorageNotFoundError);
  });
});

describe('missed call → automatic reply', () => {
  it('a missed call records call.missed, whose subscriber texts the caller the missed-call reply once; an answered call does not', async () => {
    // Every day closed: voicemail, and the missed-call reply is due whenever the test runs.
    const { org, member, inbound } = await setup({ schedule: allWeekSchedule(false) });
    await buildAutomaticReply({
      organizationId: org.id,
      kind: 'missed-call',
      body: 'Désolés de vous avoir manqué, {{first_name}}.',
    });

    const answered = (await inbound(new Date()))!;
    await post(member, `/api/voice/v1/calls/${answered.call.id}/answer`);
    await applyCallStatus(t.deps, {
      carrier: 'sandbox',
      callSid: answered.call.callSid!,
      status: 'completed',
    });
    const missed = (await inbound(new Date()))!;
    const ended = await applyCallStatus(t.deps, {
      carrier: 'sandbox',
      callSid: missed.call.callSid!,
      status: 'no-answer',
    });
    expect(ended).toMatchObject({ missed: true, outcome: 'no-answer' });
    // A status repeated after the end hands nothing more to the job.
    await applyCallStatus(t.deps, { carrier: 'sandbox', callSid: missed.call.callSid!, status: 'completed' });

    await t.jobs.start();
    const texts = async () =>
      (await get(member, `/api/conversations/${missed.call.conversationId}/messages`))
        .json<MessagePage>()
        .items.filter((m) => m.automatic);
    await expect
      .poll(async () => (await texts()).map((m) => m.body), { timeout: 15_000 })
      .toEqual(['Désolés de vous avoir manqué, Noé.']);
    // One `call.missed` (the answered call has none, the repeated status adds none), delivered once to the reply.
    const events = await t.deps.db.select().from(domainEvents).where(eq(domainEvents.organizationId, org.id));
    expect(events.map((e) => [e.name, e.payload])).toEqual([
      ['call.missed', { callId: missed.call.id, conversationId: missed.call.conversationId }],
    ]);
    await expect
      .poll(async () =>
        (
          await t.deps.db
            .select({ subscriber: eventDeliveries.subscriber })
            .from(eventDeliveries)
            .where(eq(eventDeliveries.eventId, events[0]!.id))
        ).map((d) => d.subscriber),
      )
      .toEqual(['automations.missed-call-reply']);
  });
});

describe('calls API: scope and refusals', () => {
  it("answers 404 for another organisation's call, 403 for another team's, 400 for a bad id", async () => {
    const { inbound, org } = await setup();
    const { call } = (await inbound(TUESDAY_10H))!;
    const stranger = await buildUser();
    expect((await get(stranger, `/api/voice/v1/calls/${call.id}`)).statusCode).toBe(404);
    expect((await get(stranger, `/api/voice/v1/calls/sid/${call.callSid}`)).statusCode).toBe(404);
    expect((await post(stranger, `/api/voice/v1/calls/${call.id}/hang-up`)).statusCode).toBe(404);
    const otherTeam = await buildTeam({ organizationId: org.id });
    const colleague = await buildUser({ organizationId: org.id, teamIds: [otherTeam.id] });
    expect((await get(colleague, `/api/voice/v1/calls/${call.id}`)).statusCode).toBe(403);
    expect((await get(colleague, '/api/voice/v1/calls/not-a-uuid')).statusCode).toBe(400);
  });

  it('refuses an outbound call to an invalid number (400), with web calls off (403), or without outgoing calls in the tier (403)', async () => {
    const { member, org } = await setup();
    const invalid = await post(member, '/api/voice/v1/calls', { to: '12' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toMatchObject({ code: 'phone-invalid' });
    expect((await post(member, '/api/voice/v1/calls', {})).statusCode).toBe(400);
    const options = defaultOrganizationOptions();
    options.twilio.webCallsEnabled = false;
    const off = await buildOrganization({ options });
    const offTeam = await buildTeam({ organizationId: off.id });
    const offUser = await buildUser({ organizationId: off.id, teamIds: [offTeam.id] });
    expect((await post(offUser, '/api/voice/v1/calls', { to: '+15145550188' })).json()).toMatchObject({
      code: 'calls-disabled',
    });
    const noTier = await buildOrganization({ tierPermissions: [3] });
    const noTierTeam = await buildTeam({ organizationId: noTier.id });
    const noTierUser = await buildUser({ organizationId: noTier.id, teamIds: [noTierTeam.id] });
    const refused = await post(noTierUser, '/api/voice/v1/calls', { to: '+15145550188' });
    expect(refused.statusCode).toBe(403);
    expect(org.id).not.toBe(noTier.id);
  });

  it('answer then hang up: answered by the member, completed, not missed; the carrier was asked to hang up', async () => {
    const { inbound, member } = await setup();
    const { call } = (await inbound(TUESDAY_10H))!;
    const answered = await post(member, `/api/voice/v1/calls/${call.id}/answer`);
    expect(answered.json<Call>()).toMatchObject({
      answeredBy: member.id,
      phase: CALL_PHASE_NUMBERS['in-progress'],
    });
    const hungUp = await post(member, `/api/voice/v1/calls/${call.id}/hang-up`);
    expect(hungUp.json<Call>()).toMatchObject({
      outcome: 'completed',
      phase: CALL_PHASE_NUMBERS.completed,
      missed: false,
    });
    expect((await post(member, `/api/voice/v1/calls/${call.id}/answer`)).json()).toMatchObject({
      code: 'call-state-conflict',
    });
    expect((t.deps.voice as unknown as { actions: SandboxCallAction[] }).actions).toContainEqual({
      callSid: call.callSid,
      instruction: { kind: 'hang-up' },
    });
  });
});
