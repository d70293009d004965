import { defaultOrganizationOptions, defaultSchedule } from '@accueil/domain';
import { describe, expect, it } from 'vitest';
import { buildAdmin, buildOrganization, buildTeam } from '../../../test/factories';
import { multipartFile } from '../../../test/multipart';
import { signedInAs } from '../../../test/signed-in';
import { useTestApp } from '../../../test/test-app';
import { twilioSignature } from '../../messaging/twilio/testing/twilio-request-mutations';
import { wavFile } from '../audio-file';
import fixtures from './fixtures/twilio-voice-webhooks.json';

const AUTH_TOKEN = 'greeting-audio-test-auth-token-0123';
const PUBLIC_URL = 'https://accueil.example.test';
const t = useTestApp(() => ({
  VOICE_CARRIER: 'twilio',
  TWILIO_ACCOUNT_SID: 'AC00000000000000000000000000000001',
  TWILIO_API_KEY_SID: 'SK00000000000000000000000000000001',
  TWILIO_API_KEY_SECRET: 'voice-api-key-secret',
  TWILIO_TWIML_APP_SID: 'AP00000000000000000000000000000001',
  TWILIO_AUTH_TOKEN: AUTH_TOKEN,
  PUBLIC_URL,
}));

describe("Twilio: the organisation's greeting file is played (<Play> of a signed address)", () => {
  it('plays the closed-hours file instead of saying the text; the address serves it only with its signature', async () => {
    const org = await buildOrganization({
      options: defaultOrganizationOptions(),
      schedule: { ...defaultSchedule(), week: defaultSchedule().week.map((d) => ({ ...d, enabled: false })) },
    });
    const team = await buildTeam({ organizationId: org.id });
    const admin = await signedInAs(await buildAdmin({ organizationId: org.id, teamIds: [team.id] }));
    const wav = wavFile(
      new Int16Array(8000).map((_, i) => Math.round(Math.sin(i / 3) * 5000)),
      8000,
    );
    const form = multipartFile('audio', 'fermé.wav', wav);
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/api/voicemail-greetings/audio/CLOSE?source=FILE',
      payload: form.payload,
      headers: { ...admin, ...form.headers },
    });
    const greetingId = uploaded.json<{ id: string }>().id;

    const params = {
      ...fixtures.incoming_call,
      CallSid: `CA${crypto.randomUUID().replaceAll('-', '')}`,
      To: team.phoneNumber!,
      Called: team.phoneNumber!,
    };
    const path = '/api/webhooks/twilio/voice/incoming';
    const signature = twilioSignature(AUTH_TOKEN, PUBLIC_URL + path, Object.entries(params));
    const res = await t.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signature },
      payload: new URLSearchParams(params).toString(),
    });
    const play = /<Play>([^<]+)<\/Play><Record /.exec(res.body);
    expect(res.body).not.toContain('<Say');
    const url = new URL(play![1]!.replaceAll('&amp;', '&'));
    expect(url.origin + url.pathname).toBe(
      `${PUBLIC_URL}/api/webhooks/twilio/voice/greeting-audio/${org.id}/${greetingId}`,
    );

    const audio = await t.app.inject({ method: 'GET', url: url.pathname + url.search });
    expect([audio.statusCode, audio.headers['content-type'], audio.rawPayload.equals(wav)]).toEqual([
      200,
      'audio/wav',
      true,
    ]);
    expect((await t.app.inject({ method: 'GET', url: url.pathname })).statusCode).toBe(403);
    const another = url.pathname.replace(greetingId, crypto.randomUUID()) + url.search;
    expect((await t.app.inject({ method: 'GET', url: another })).json()).toMatchObject({
      code: 'signature-invalid',
    });
  });
});
