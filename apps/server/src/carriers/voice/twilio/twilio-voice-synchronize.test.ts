import type { SynchronizationResult } from '@accueil/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { calls } from '../../../db/schema/calls';
import { buildUser } from '../../../test/factories';
import { signedInAs } from '../../../test/signed-in';
import { twilioErrorBody, type TwilioApiAnswer } from '../../messaging/twilio/testing/twilio-api-stand-in';
import { ACCOUNT, useTwilioVoiceWorld } from './testing/twilio-voice-world';

/**
 * `POST /api/voice/v1/synchronize` with the Twilio voice carrier (docs/behaviour/operations.md):
 * each call our records hold open is asked about through Twilio's call lookup
 * (`GET /2010-04-01/Accounts/{account}/Calls/{sid}.json`, `calls(sid).fetch()`), here a local
 * stand-in of api.twilio.com, and the ones Twilio says ended are closed as their lost end report
 * would have closed them.
 */
const voice = useTwilioVoiceWorld();
const { t, post, setup } = voice;

const CALL_PATH = new RegExp(`^/2010-04-01/Accounts/${ACCOUNT}/Calls/(CA[0-9a-f]+)\\.json$`);

/** Twilio's answer to a call lookup: the call's resource with its status and, once ended, its length. */
const callResource = (sid: string, status: string, duration?: number): TwilioApiAnswer => ({
  status: 200,
  body: {
    sid,
    account_sid: ACCOUNT,
    status,
    direction: 'inbound',
    duration: duration === undefined ? null : String(duration),
    from: '+15145551234',
    to: '+15145550100',
  },
});

/** An incoming call taken by the webhook, then left alone for 10 minutes (its end report lost). */
async function staleIncomingCall() {
  const world = await setup();
  expect((await post('/api/webhooks/twilio/voice/incoming', world.incoming)).statusCode).toBe(200);
  await t.deps.db
    .update(calls)
    .set({ updatedAt: new Date(Date.now() - 10 * 60_000) })
    .where(eq(calls.callSid, world.callSid));
  return world;
}

async function synchronize(user: { id: string; organizationId: string }) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/voice/v1/synchronize',
    headers: await signedInAs(user),
  });
  expect(res.statusCode).toBe(200);
  return res.json<SynchronizationResult>();
}

describe('POST /api/voice/v1/synchronize against Twilio’s call lookup', () => {
  it('closes a call Twilio says ended, leaves a live one, counts one Twilio cannot tell, and fixes nothing the second time', async () => {
    const devops = await buildUser({ role: 'devops' });
    const ended = await staleIncomingCall();
    const live = await staleIncomingCall();
    const unknown = await staleIncomingCall();
    const broken = await staleIncomingCall();
    voice.api.answerWith((_form, request) => {
      const sid = CALL_PATH.exec(request.url.split('?')[0]!)?.[1];
      if (sid === ended.callSid) return callResource(sid, 'completed', 42);
      if (sid === live.callSid) return callResource(sid, 'in-progress');
      if (sid === unknown.callSid)
        return twilioErrorBody(404, 20404, `The requested resource ${request.url} was not found`);
      if (sid === broken.callSid) return twilioErrorBody(500, 20500, 'Internal Server Error');
      // Calls of other tests' files left open in the shared database: still live at Twilio.
      return sid ? callResource(sid, 'in-progress') : twilioErrorBody(404, 20404, 'Not found');
    });
    const before = await ended.stored();
    expect(before).toMatchObject({ endedAt: null, carrier: 'twilio' });

    const first = await synchronize(devops);
    expect(first).toMatchObject({ kind: 'voice', carrier: 'twilio' });
    expect(first.checked).toBeGreaterThanOrEqual(4);
    expect(first.unresolved).toBeGreaterThanOrEqual(2);
    expect(first.items).toContainEqual({
      id: before.id,
      organizationId: ended.org.id,
      before: before.status,
      after: 'completed',
    });
    const fixedIds = first.items.map((i) => i.id);
    for (const other of [live, unknown, broken]) expect(fixedIds).not.toContain((await other.stored()).id);
    // Each call was asked about by its sid, with a GET of its resource (the official library's fetch).
    const asked = voice.api.requests.filter((r) => CALL_PATH.test(r.url.split('?')[0]!));
    for (const world of [ended, live, unknown, broken])
      expect(asked).toContainEqual(
        expect.objectContaining({
          method: 'GET',
          url: `/2010-04-01/Accounts/${ACCOUNT}/Calls/${world.callSid}.json`,
        }),
      );

    // Closed as Twilio's end report would have: ended with its outcome; nobody on the staff answered,
    // so its length is 0 (counted from a staff answer, not Twilio's 42 s of the caller's leg).
    expect(await ended.stored()).toMatchObject({
      status: 'completed',
      outcome: 'completed',
      durationSeconds: 0,
      version: before.version + 1,
    });
    expect((await ended.stored()).endedAt).not.toBeNull();
    for (const other of [live, unknown, broken]) expect((await other.stored()).endedAt).toBeNull();

    voice.api.requests.length = 0;
    const second = await synchronize(devops);
    expect(second.items.map((i) => i.id)).not.toContain(before.id);
    // An ended call is not asked about again.
    expect(voice.api.requests.map((r) => r.url)).not.toContain(
      `/2010-04-01/Accounts/${ACCOUNT}/Calls/${ended.callSid}.json`,
    );
  });
});
