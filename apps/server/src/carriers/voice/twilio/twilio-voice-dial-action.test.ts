import { defaultOrganizationOptions } from '@accueil/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queueCalls } from '../../../db/schema/calls';
import { organizations } from '../../../db/schema/organizations';
import fixtures from './fixtures/twilio-voice-webhooks.json';
import { signedInAs } from '../../../test/signed-in';
import {
  ACCOUNT,
  ENQUEUE,
  PUBLIC_URL,
  sign,
  URLS,
  useTwilioVoiceWorld,
  XML,
  type Params,
} from './testing/twilio-voice-world';

const voice = useTwilioVoiceWorld();
const { t, post, setup } = voice;

const HANG_UP = `${XML}<Response><Hangup/></Response>`;
const VOICEMAIL =
  `${XML}<Response><Say language="fr-CA">Bonjour, vous avez joint Clinique Soleil. Nous ne pouvons pas vous répondre pour le moment. Laissez-nous un message après le bip.</Say>` +
  `<Record maxLength="120" playBeep="true" recordingStatusCallback="${URLS.voicemail}" recordingStatusCallbackEvent="completed"/><Hangup/></Response>`;

/**
 * An inbound call ringing the team (queue off on arrival; `queueBy`: turned on meanwhile, before
 * the ring ends), and its dial action as Twilio posts it (the recorded fixture re-addressed).
 */
async function ringing(queueBy = false) {
  const world = await setup();
  await post('/api/webhooks/twilio/voice/incoming', world.incoming);
  const call = await world.stored();
  expect(call).toMatchObject({ route: 'ring', phase: 'ringing' });
  if (queueBy) {
    const options = defaultOrganizationOptions();
    options.voiceQueue.enabled = true;
    await t.deps.db.update(organizations).set({ options }).where(eq(organizations.id, world.org.id));
  }
  const path = `/api/webhooks/twilio/voice/dial-action/${call.id}`;
  const readdress = (p: Params) => ({
    ...p,
    CallSid: world.callSid,
    To: world.team.phoneNumber!,
    Called: world.team.phoneNumber!,
  });
  const dialEnded = (status: string, params: Params = fixtures.dial_action_no_answer) =>
    post(path, readdress({ ...params, DialCallStatus: status }));
  return { ...world, call, path, readdress, dialEnded };
}

describe('Twilio: the ring of the team ends (<Dial action>)', () => {
  it('nobody answered in time, queue on by then: the caller waits in the queue, once', async () => {
    const { dialEnded, stored, team, call } = await ringing(true);
    const res = await dialEnded('no-answer');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/xml/);
    expect(res.body).toBe(`${XML}<Response>${ENQUEUE}team:${team.id}</Enqueue></Response>`);
    expect(await stored()).toMatchObject({
      phase: 'queued',
      route: 'queue',
      version: call.version + 1,
    });
    expect(await t.deps.db.select().from(queueCalls).where(eq(queueCalls.callId, call.id))).toMatchObject([
      { status: 'queued', teamId: team.id },
    ]);
    // Twilio retrying the same report: the same TwiML, nothing moved twice.
    expect((await dialEnded('no-answer')).body).toBe(res.body);
    expect((await stored()).version).toBe(call.version + 1);
  });

  it('every browser declined (busy) or none could be reached (failed), queue off: the voicemail of the period', async () => {
    for (const status of ['busy', 'failed', 'no-answer']) {
      const { dialEnded, stored, callSid } = await ringing();
      expect((await dialEnded(status)).body).toBe(VOICEMAIL);
      expect(await stored()).toMatchObject({
        route: 'voicemail',
        phase: 'ringing',
        answeredBy: null,
      });
      // The caller leaves a message and hangs up: a missed call.
      await post('/api/webhooks/twilio/voice/status', { ...fixtures.call_completed, CallSid: callSid });
      expect(await stored()).toMatchObject({ phase: 'ended', answeredBy: null });
    }
  });

  it('answered meanwhile: hang up when the bridged call ends, nothing moved', async () => {
    const { dialEnded, stored, member, callSid } = await ringing(true);
    const leg = {
      ...fixtures.client_leg_answered,
      ParentCallSid: callSid,
      To: `client:${member.id}`,
      Called: `client:${member.id}`,
    };
    expect((await post('/api/webhooks/twilio/voice/agent-status', leg)).statusCode).toBe(204);
    const answered = await stored();
    expect(answered).toMatchObject({ phase: 'in-progress', answeredBy: member.id });
    for (const status of ['completed', 'answered'])
      expect((await dialEnded(status, fixtures.dial_action_completed)).body).toBe(HANG_UP);
    // Even a no-answer report arriving late does not move an answered call.
    expect((await dialEnded('no-answer')).body).toBe(HANG_UP);
    expect(await stored()).toEqual(answered);
  });

  it('the last member declining through the API moves the live call on (REST); the dial action then answers the same', async () => {
    const { dialEnded, stored, member, callSid } = await ringing();
    const declined = await t.app.inject({
      method: 'POST',
      url: `/api/voice/v1/calls/${(await stored()).id}/reject`,
      headers: await signedInAs(member),
    });
    expect(declined.statusCode).toBe(200);
    expect(await stored()).toMatchObject({ route: 'voicemail', phase: 'ringing' });
    expect(voice.api.requests).toMatchObject([
      { method: 'POST', url: `/2010-04-01/Accounts/${ACCOUNT}/Calls/${callSid}.json` },
    ]);
    expect(voice.api.requests[0]!.form.get('Twiml')).toBe(VOICEMAIL);
    // Twilio's dial ended too (every browser declined: busy): the voicemail again, nothing moved twice.
    expect((await dialEnded('busy')).body).toBe(VOICEMAIL);
    expect((await dialEnded('canceled')).body).toBe(VOICEMAIL);
  });

  it('canceled (the caller hung up, or the call was moved by the REST API): hang up, nothing moved', async () => {
    const { dialEnded, stored, call } = await ringing(true);
    expect((await dialEnded('canceled')).body).toBe(HANG_UP);
    expect(await stored()).toMatchObject({
      phase: 'ringing',
      route: 'ring',
      version: call.version,
    });
  });

  it('refuses a bad signature (403) and acts only on the call its address names', async () => {
    const { path, readdress, stored, call } = await ringing(true);
    const params = readdress(fixtures.dial_action_no_answer);
    expect((await post(path, params, null)).statusCode).toBe(403);
    const forged = await post(path, params, sign(PUBLIC_URL + path, params, 'another-token'));
    expect(forged.statusCode).toBe(403);
    expect(forged.json()).toMatchObject({ code: 'signature-invalid' });
    // Signed, but the address names another call (another organisation's): nothing moves.
    const other = await ringing(true);
    expect((await post(other.path, params)).body).toBe(HANG_UP);
    expect((await post(`/api/webhooks/twilio/voice/dial-action/${crypto.randomUUID()}`, params)).body).toBe(
      HANG_UP,
    );
    expect((await post('/api/webhooks/twilio/voice/dial-action/not-a-call', params)).statusCode).toBe(400);
    expect(await stored()).toMatchObject({
      phase: 'ringing',
      route: 'ring',
      version: call.version,
    });
    expect(await other.stored()).toMatchObject({ phase: 'ringing', route: 'ring' });
  });
});
