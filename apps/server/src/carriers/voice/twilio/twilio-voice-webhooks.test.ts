import { CALL_PHASE_NUMBERS, defaultOrganizationOptions, type Call } from '@accueil/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { calls } from '../../../db/schema/calls';
import { phoneSettings, sipUsers, transferExtensions } from '../../../db/schema/phone-settings';
import { organizations as organizationsTable } from '../../../db/schema/organizations';
import { buildAdmin, buildOrganization, buildTeam, buildUser } from '../../../test/factories';
import { signedInAs } from '../../../test/signed-in';
import fixtures from './fixtures/twilio-voice-webhooks.json';
import {
  ACCOUNT,
  ENQUEUE,
  fresh,
  PUBLIC_URL,
  sign,
  URLS,
  useTwilioVoiceWorld,
  XML,
  type Params,
} from './testing/twilio-voice-world';

const voice = useTwilioVoiceWorld();
const { t, post, setup } = voice;

describe('Twilio voice webhooks: signature', () => {
  it('refuse an unsigned or wrongly signed request (403) before anything is written', async () => {
    const { incoming, stored } = await setup();
    expect((await post('/api/webhooks/twilio/voice/incoming', incoming, null)).statusCode).toBe(403);
    const forged = await post(
      '/api/webhooks/twilio/voice/incoming',
      incoming,
      sign(PUBLIC_URL + '/api/webhooks/twilio/voice/incoming', incoming, 'another-token'),
    );
    expect(forged.statusCode).toBe(403);
    expect(forged.json()).toMatchObject({ code: 'signature-invalid' });
    expect(await stored()).toBeUndefined();
  });
});

describe('Twilio voice webhooks: incoming calls', () => {
  it("greet in the organisation's language, then ring the team's browsers; a browser's answer records who answered", async () => {
    const { incoming, member, stored, callSid } = await setup();
    const res = await post('/api/webhooks/twilio/voice/incoming', incoming);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/xml/);
    // At most INBOUND_RING_TIMEOUT_S, then Twilio asks the call's dial action what next.
    expect(res.body).toBe(
      `${XML}<Response><Say language="fr-CA">Bonjour, vous avez joint Clinique Soleil. Veuillez patienter, nous prenons votre appel dans un instant.</Say>` +
        `<Dial answerOnBridge="true" timeout="30" action="${URLS.dial((await stored()).id)}"><Client statusCallback="${URLS.agent}" statusCallbackEvent="answered completed">${member.id}</Client></Dial></Response>`,
    );
    expect(await stored()).toMatchObject({
      direction: 'inbound',
      route: 'ring',
      phase: 'ringing',
      carrier: 'twilio',
    });
    const leg = (status: Params) => ({
      ...status,
      ParentCallSid: callSid,
      To: `client:${member.id}`,
      Called: `client:${member.id}`,
    });
    expect(
      (await post('/api/webhooks/twilio/voice/agent-status', leg(fixtures.client_leg_ringing))).statusCode,
    ).toBe(204);
    expect((await stored()).answeredBy).toBeNull();
    expect(
      (await post('/api/webhooks/twilio/voice/agent-status', leg(fixtures.client_leg_answered))).statusCode,
    ).toBe(204);
    expect(await stored()).toMatchObject({ answeredBy: member.id, phase: 'in-progress' });
    expect(
      (await post('/api/webhooks/twilio/voice/status', { ...fixtures.call_completed, CallSid: callSid }))
        .statusCode,
    ).toBe(204);
    expect(await stored()).toMatchObject({
      outcome: 'completed',
      phase: 'completed',
      durationSeconds: 41,
    });
  });

  it("wait in the team's queue when the organisation has it on", async () => {
    const { incoming, team } = await setup({ queue: true });
    const res = await post('/api/webhooks/twilio/voice/incoming', incoming);
    expect(res.body).toBe(
      `${XML}<Response><Say language="fr-CA">Bonjour, vous avez joint Clinique Soleil. Veuillez patienter, nous prenons votre appel dans un instant.</Say>${ENQUEUE}team:${team.id}</Enqueue></Response>`,
    );
  });

  it('record a voicemail when closed, keep it once, and end the call as missed', async () => {
    const { incoming, stored, callSid } = await setup({ open: false });
    const res = await post('/api/webhooks/twilio/voice/incoming', incoming);
    expect(res.body).toBe(
      `${XML}<Response><Say language="fr-CA">Bonjour, vous avez joint Clinique Soleil. Nos bureaux sont présentement fermés. Laissez-nous un message après le bip, nous vous rappellerons.</Say>` +
        `<Record maxLength="120" playBeep="true" recordingStatusCallback="${URLS.voicemail}" recordingStatusCallbackEvent="completed"/><Hangup/></Response>`,
    );
    const recording = {
      ...fixtures.voicemail_recorded,
      CallSid: callSid,
      RecordingSid: `RE${crypto.randomUUID().replaceAll('-', '')}`,
    };
    expect((await post('/api/webhooks/twilio/voice/voicemail', recording)).statusCode).toBe(204);
    expect((await post('/api/webhooks/twilio/voice/voicemail', recording)).statusCode).toBe(204);
    await post('/api/webhooks/twilio/voice/status', { ...fixtures.call_completed, CallSid: callSid });
    const call = await stored();
    const member = (
      await t.app.inject({
        method: 'GET',
        url: `/api/voice/v1/calls/${call.id}`,
        headers: await signedInAs({
          id: (await buildUser({ organizationId: call.organizationId, teamIds: [call.teamId] })).id,
          organizationId: call.organizationId,
        }),
      })
    ).json<Call>();
    expect(member).toMatchObject({
      missed: true,
      phase: CALL_PHASE_NUMBERS.ended,
      voicemail: { duration: 18 },
    });
  });

  it('reject a call to a number no team has; a retried webhook gets the same answer and one call', async () => {
    const res = await post('/api/webhooks/twilio/voice/incoming', {
      ...fixtures.incoming_call,
      CallSid: fresh(),
      To: '+15145559990',
    });
    expect(res.body).toBe(`${XML}<Response><Reject/></Response>`);
    const { incoming, callSid } = await setup();
    const first = await post('/api/webhooks/twilio/voice/incoming', incoming);
    expect((await post('/api/webhooks/twilio/voice/incoming', incoming)).body).toBe(first.body);
    expect(await t.deps.db.select().from(calls).where(eq(calls.callSid, callSid))).toHaveLength(1);
  });
});

describe('Twilio voice webhooks: waiting in the queue', () => {
  const inQueue = async (from = fixtures.incoming_call.From) => {
    const world = await setup({ queue: true });
    await post('/api/webhooks/twilio/voice/incoming', { ...world.incoming, From: from, Caller: from });
    const readdress = (p: Params) => ({
      ...p,
      CallSid: world.callSid,
      To: world.team.phoneNumber!,
      Called: world.team.phoneNumber!,
      From: from,
      Caller: from,
    });
    return { ...world, readdress };
  };

  it("the wait URL says the queue message in the organisation's language within a one-key Gather, pauses, then comes back", async () => {
    const { org, readdress } = await inQueue();
    const admin = await signedInAs(await buildAdmin({ organizationId: org.id }));
    await t.app.inject({
      method: 'PUT',
      url: '/api/phone-settings',
      headers: admin,
      payload: { queueMessage: 'Un instant, svp.', queueRepeatPauseSeconds: 20 },
    });
    const res = await post('/api/webhooks/twilio/voice/queue-wait', readdress(fixtures.queue_wait));
    expect(res.body).toBe(
      `${XML}<Response><Gather numDigits="1" timeout="1" action="${URLS.key}"><Say language="fr-CA">Un instant, svp.</Say><Pause length="20"/></Gather><Redirect>${URLS.wait}</Redirect></Response>`,
    );
    // A call the app does not have: a pause, no message.
    const unknown = await post('/api/webhooks/twilio/voice/queue-wait', {
      ...fixtures.queue_wait,
      CallSid: fresh(),
    });
    expect(unknown.body).toBe(
      `${XML}<Response><Pause length="30"/><Redirect>${URLS.wait}</Redirect></Response>`,
    );
    expect(
      (await post('/api/webhooks/twilio/voice/queue-wait', readdress(fixtures.queue_wait), null)).statusCode,
    ).toBe(403);
  });

  it("the product's message tells the keys; key 1 texts the caller, ends the call as a callback request and hangs up", async () => {
    const { readdress, stored } = await inQueue();
    const wait = await post('/api/webhooks/twilio/voice/queue-wait', readdress(fixtures.queue_wait));
    expect(wait.body).toContain('appuyez sur 1');
    expect(wait.body).toContain('<Pause length="30"/>');
    const res = await post('/api/webhooks/twilio/voice/queue-key', readdress(fixtures.queue_key_pressed));
    expect(res.body).toBe(
      `${XML}<Response><Say language="fr-CA">Votre demande de rappel est bien reçue. Nous vous avons envoyé un texto et nous vous rappellerons. Au revoir.</Say><Hangup/></Response>`,
    );
    expect(await stored()).toMatchObject({ status: 'callback-request', phase: 'ended' });
    // Once per call: pressed again (a retried request), the caller goes back to waiting.
    expect(
      (await post('/api/webhooks/twilio/voice/queue-key', readdress(fixtures.queue_key_pressed))).body,
    ).toBe(`${XML}<Response><Redirect>${URLS.wait}</Redirect></Response>`);
  });

  it('an anonymous caller hears that no text can be sent and waits on; key 0 leaves for the voicemail', async () => {
    const { readdress, stored } = await inQueue('anonymous');
    const res = await post('/api/webhooks/twilio/voice/queue-key', readdress(fixtures.queue_key_pressed));
    expect(res.body).toBe(
      `${XML}<Response><Say language="fr-CA">Votre numéro est masqué : nous ne pouvons pas vous envoyer de texto. Veuillez rester en ligne.</Say><Redirect>${URLS.wait}</Redirect></Response>`,
    );
    expect(await stored()).toMatchObject({ status: 'initiated', phase: 'queued' });
    expect(
      (
        await post(
          '/api/webhooks/twilio/voice/queue-key',
          readdress({ ...fixtures.queue_key_pressed, Digits: '0' }),
        )
      ).body,
    ).toBe(`${XML}<Response><Leave/></Response>`);
    const left = await post('/api/webhooks/twilio/voice/queue-left', readdress(fixtures.queue_left));
    expect(left.body).toBe(
      `${XML}<Response><Say language="fr-CA">Bonjour, vous avez joint Clinique Soleil. Nous ne pouvons pas vous répondre pour le moment. Laissez-nous un message après le bip.</Say>` +
        `<Record maxLength="120" playBeep="true" recordingStatusCallback="${URLS.voicemail}" recordingStatusCallbackEvent="completed"/><Hangup/></Response>`,
    );
    // Any other end of the wait (bridged to a member, hung up) needs nothing more.
    expect(
      (
        await post(
          '/api/webhooks/twilio/voice/queue-left',
          readdress({ ...fixtures.queue_left, QueueResult: 'bridged' }),
        )
      ).body,
    ).toBe(`${XML}<Response/>`);
  });
});

describe('Twilio voice webhooks: calls placed from a browser', () => {
  it("dial the number from the team's number; the callee's leg moves the call forward (a late report does not)", async () => {
    const { team, member } = await setup();
    const callSid = fresh();
    const browser = {
      ...fixtures.browser_call,
      CallSid: callSid,
      From: `client:${member.id}`,
      Caller: `client:${member.id}`,
      To: '(514) 555-7777',
    };
    const res = await post('/api/webhooks/twilio/voice/outbound', browser);
    expect(res.body).toBe(
      `${XML}<Response><Dial callerId="${team.phoneNumber}" answerOnBridge="true"><Number statusCallback="${URLS.status}" statusCallbackEvent="ringing answered completed">+15145557777</Number></Dial></Response>`,
    );
    const call = async () => (await t.deps.db.select().from(calls).where(eq(calls.callSid, callSid)))[0]!;
    expect(await call()).toMatchObject({
      direction: 'outbound',
      placedBy: member.id,
      from: team.phoneNumber,
      to: '+15145557777',
      phase: 'initiated',
    });
    const leg = (p: Params) => ({
      ...p,
      ParentCallSid: callSid,
      From: team.phoneNumber!,
      Caller: team.phoneNumber!,
    });
    await post('/api/webhooks/twilio/voice/status', leg(fixtures.number_leg_ringing));
    await post('/api/webhooks/twilio/voice/status', leg(fixtures.number_leg_answered));
    await post('/api/webhooks/twilio/voice/status', leg(fixtures.number_leg_ringing));
    expect(await call()).toMatchObject({
      phase: 'in-progress',
      status: 'in-progress',
      version: 3,
    });
    await post('/api/webhooks/twilio/voice/status', leg(fixtures.number_leg_completed));
    expect(await call()).toMatchObject({
      phase: 'completed',
      outcome: 'completed',
      durationSeconds: 73,
    });
  });

  it('reject a browser call the rules refuse (web calls off), and one naming no user', async () => {
    const options = defaultOrganizationOptions();
    options.twilio.webCallsEnabled = false;
    const org = await buildOrganization({ options });
    const team = await buildTeam({ organizationId: org.id });
    const member = await buildUser({ organizationId: org.id, teamIds: [team.id] });
    const refused = await post('/api/webhooks/twilio/voice/outbound', {
      ...fixtures.browser_call,
      CallSid: fresh(),
      From: `client:${member.id}`,
    });
    expect(refused.body).toBe(`${XML}<Response><Reject/></Response>`);
    const nobody = await post('/api/webhooks/twilio/voice/outbound', {
      ...fixtures.browser_call,
      CallSid: fresh(),
      From: 'client:not-a-user',
    });
    expect(nobody.body).toBe(`${XML}<Response><Reject/></Response>`);
    expect(
      (await post('/api/webhooks/twilio/voice/outbound', { ...fixtures.browser_call, From: '+15145551234' }))
        .statusCode,
    ).toBe(400);
  });
});

describe("Twilio voice: the panel's actions through the REST API", () => {
  it('hold and queue redirect the live call with TwiML; hang-up completes it; a call Twilio no longer has answers 409', async () => {
    const { incoming, member, stored, callSid, team } = await setup();
    await post('/api/webhooks/twilio/voice/incoming', incoming);
    const { id } = await stored();
    const headers = await signedInAs(member);
    const act = (path: string) =>
      t.app.inject({ method: 'POST', url: `/api/voice/v1/calls/${id}/${path}`, headers });
    await act('answer');
    expect((await act('hold')).statusCode).toBe(200);
    const [update] = voice.api.requests;
    expect(update).toMatchObject({
      method: 'POST',
      url: `/2010-04-01/Accounts/${ACCOUNT}/Calls/${callSid}.json`,
    });
    expect(update!.form.get('Twiml')).toBe(`${XML}<Response><Enqueue>hold:${callSid}</Enqueue></Response>`);
    expect(update!.headers.authorization).toBe(
      `Basic ${Buffer.from('SK00000000000000000000000000000001:voice-api-key-secret').toString('base64')}`,
    );
    await act('resume');
    expect(voice.api.requests[1]!.form.get('Twiml')).toBe(
      `${XML}<Response><Dial answerOnBridge="true"><Client statusCallback="${URLS.agent}" statusCallbackEvent="answered completed">${member.id}</Client></Dial></Response>`,
    );
    await act('queue');
    expect(voice.api.requests[2]!.form.get('Twiml')).toBe(
      `${XML}<Response>${ENQUEUE}team:${team.id}</Enqueue></Response>`,
    );

    voice.api.answerWith(() => ({
      status: 400,
      body: { code: 21220, message: 'Call is not in-progress. Cannot redirect.', status: 400 },
    }));
    const refused = await t.app.inject({ method: 'POST', url: `/api/voice/v1/queues/park/${id}`, headers });
    expect(refused.statusCode).toBe(409);
    expect((await stored()).phase).toBe('queued');
    voice.api.answerWith(() => ({
      status: 503,
      body: { code: 20500, message: 'Internal error', status: 503 },
    }));
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/voice/v1/queues/park/${id}`, headers })).statusCode,
    ).toBe(502);

    voice.api.answerWith(() => ({
      status: 200,
      body: { sid: callSid, account_sid: ACCOUNT, status: 'completed' },
    }));
    expect((await act('hang-up')).json<Call>()).toMatchObject({
      outcome: 'completed',
      phase: CALL_PHASE_NUMBERS.completed,
    });
    expect(voice.api.requests.at(-1)!.form.get('Status')).toBe('completed');
  });
});

describe('Twilio voice: transfers out of the browsers', () => {
  it('dial an extension (<Number sendDigits>) and a SIP line (<Sip> at the SIP domain); a line without a domain answers 409', async () => {
    const { org, incoming, member, stored, callSid } = await setup();
    await t.deps.db
      .update(organizationsTable)
      .set({ tierPermissions: [1, 2] })
      .where(eq(organizationsTable.id, org.id));
    const [extension] = await t.deps.db
      .insert(transferExtensions)
      .values({ organizationId: org.id, name: 'Labo', phoneNumber: '+15145550188', extension: '204' })
      .returning();
    const [bare] = await t.deps.db
      .insert(transferExtensions)
      .values({ organizationId: org.id, name: 'Pharmacie', phoneNumber: '+15145550199', extension: null })
      .returning();
    await t.deps.db.insert(sipUsers).values({ organizationId: org.id, username: 'poste.12' });
    await post('/api/webhooks/twilio/voice/incoming', incoming);
    const { id } = await stored();
    const headers = await signedInAs(member);
    const transfer = (body: object) =>
      t.app.inject({ method: 'POST', url: `/api/voice/v1/calls/${id}/transfer`, headers, payload: body });
    await t.app.inject({ method: 'POST', url: `/api/voice/v1/calls/${id}/answer`, headers });

    const noDomain = await transfer({ to: 'poste.12' });
    expect(noDomain.statusCode).toBe(409);
    expect(noDomain.json()).toMatchObject({ code: 'sip-line-unreachable' });
    expect(voice.api.requests).toHaveLength(0);

    expect((await transfer({ toExtension: extension!.id })).statusCode).toBe(200);
    expect(voice.api.requests[0]).toMatchObject({
      method: 'POST',
      url: `/2010-04-01/Accounts/${ACCOUNT}/Calls/${callSid}.json`,
    });
    expect(voice.api.requests[0]!.form.get('Twiml')).toBe(
      `${XML}<Response><Dial answerOnBridge="true"><Number sendDigits="ww204">+15145550188</Number></Dial></Response>`,
    );
    expect((await transfer({ toExtension: bare!.id })).statusCode).toBe(200);
    expect(voice.api.requests[1]!.form.get('Twiml')).toBe(
      `${XML}<Response><Dial answerOnBridge="true"><Number>+15145550199</Number></Dial></Response>`,
    );

    await t.deps.db
      .insert(phoneSettings)
      .values({ organizationId: org.id, sipDomain: 'soleil.sip.twilio.com' });
    expect((await transfer({ to: 'poste.12' })).statusCode).toBe(200);
    expect(voice.api.requests[2]!.form.get('Twiml')).toBe(
      `${XML}<Response><Dial answerOnBridge="true"><Sip>sip:poste.12@soleil.sip.twilio.com</Sip></Dial></Response>`,
    );
    expect(await stored()).toMatchObject({ phase: 'in-progress', transferred: true });
  });
});
