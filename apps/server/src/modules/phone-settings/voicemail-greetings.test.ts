import type { VoicemailGreeting } from '@accueil/domain';
import { describe, expect, it } from 'vitest';
import {
  CLOSED_SATURDAY_10H as SATURDAY_10H,
  OPEN_TUESDAY_10H as TUESDAY_10H,
} from '../../test/call-factories';
import { buildTeam, buildUser } from '../../test/factories';
import { multipartFile } from '../../test/multipart';
import { issues, phoneSettingsRequests, type PhoneSettingsUser } from '../../test/phone-settings-requests';
import { signedInAs } from '../../test/signed-in';
import { useTestApp } from '../../test/test-app';
import { greetingFor } from '../calls/index';
import { wavOf } from './greeting-preview';

const t = useTestApp();
const { call, setup } = phoneSettingsRequests(t);
type User = PhoneSettingsUser;

/** A tiny valid WAV (0.1 s of silence at 8 kHz). */
const WAV = wavOf({ sampleRate: 8000, samples: new Int16Array(800) });

/** Voicemail greetings (spoken text, file, recording) and how they and the phone settings drive calls. */
describe('voicemail greetings', () => {
  const upload = async (user: User, kind: string, query: string, data: Buffer, name = 'greeting.wav') => {
    const form = multipartFile('audio', name, data);
    return t.app.inject({
      method: 'POST',
      url: `/api/voicemail-greetings/audio/${kind}?${query}`,
      payload: form.payload,
      headers: { ...(await signedInAs(user)), ...form.headers },
    });
  };

  it('TTS needs a text; FILE and RECORDING need audio, sniffed from its content; members are refused', async () => {
    const { admin, member, team } = await setup();
    const noText = await call(admin, 'PUT', '/api/voicemail-greetings', {
      teamId: null,
      kind: 'CLOSE',
      enabled: true,
      source: 'TTS',
      text: ' ',
    });
    expect(issues(noText).details?.[0]).toMatchObject({ path: 'text', message: 'required' });
    const noAudio = await call(admin, 'PUT', '/api/voicemail-greetings', {
      teamId: null,
      kind: 'CLOSE',
      enabled: true,
      source: 'FILE',
    });
    expect(issues(noAudio).details?.[0]).toMatchObject({ path: 'audio', message: 'required' });
    const notAudio = await upload(
      admin,
      'CLOSE',
      'source=FILE',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      'fake.wav',
    );
    expect([notAudio.statusCode, issues(notAudio).code]).toEqual([415, 'unsupported-media-type']);
    const tooBig = await upload(admin, 'CLOSE', 'source=FILE', Buffer.concat([WAV, Buffer.alloc(2_000_001)]));
    expect(tooBig.statusCode).toBe(413);
    expect((await upload(member, 'CLOSE', 'source=FILE', WAV)).statusCode).toBe(403);

    const stored = await upload(
      admin,
      'CLOSE',
      `source=RECORDING&durationSeconds=0.1&teamId=${team.id}`,
      WAV,
      'whatever.bin',
    );
    expect(stored.statusCode).toBe(200);
    const greeting = stored.json<VoicemailGreeting>();
    expect(greeting).toMatchObject({
      teamId: team.id,
      kind: 'CLOSE',
      enabled: true,
      source: 'RECORDING',
      audio: { mediaType: 'audio/wav', bytes: WAV.length, durationSeconds: 0.1 },
    });
    const audio = await call(admin, 'GET', `/api/voicemail-greetings/${greeting.id}/audio`);
    expect([audio.statusCode, audio.headers['content-type'], audio.rawPayload.equals(WAV)]).toEqual([
      200,
      'audio/wav',
      true,
    ]);
    expect((await call(member, 'GET', `/api/voicemail-greetings/${greeting.id}/audio`)).statusCode).toBe(403);
    expect((await call(member, 'GET', '/api/voicemail-greetings')).statusCode).toBe(403);
    const other = await setup();
    expect((await call(other.admin, 'GET', `/api/voicemail-greetings/${greeting.id}/audio`)).statusCode).toBe(
      404,
    );
    expect((await call(other.admin, 'DELETE', `/api/voicemail-greetings/${greeting.id}`)).statusCode).toBe(
      404,
    );
    expect(
      (
        await call(other.admin, 'PUT', '/api/voicemail-greetings', {
          teamId: team.id,
          kind: 'OPEN',
          enabled: true,
          source: 'TTS',
          text: 'x',
        })
      ).statusCode,
    ).toBe(404);
  });

  it('preview a text as WAV audio from speech synthesis', async () => {
    const { admin, member } = await setup();
    const preview = await call(admin, 'POST', '/api/voicemail-greetings/preview', {
      text: 'Bonjour, nous sommes fermés.',
      locale: 'fr-CA',
    });
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['content-type']).toBe('audio/wav');
    expect(preview.rawPayload.subarray(0, 4).toString('ascii')).toBe('RIFF');
    expect(preview.rawPayload.length).toBeGreaterThan(44 + 22_050); // more than half a second of speech
    expect((await call(admin, 'POST', '/api/voicemail-greetings/preview', { text: '  ' })).statusCode).toBe(
      400,
    );
    expect(
      (await call(member, 'POST', '/api/voicemail-greetings/preview', { text: 'Bonjour' })).statusCode,
    ).toBe(403);
  });

  it('drive inbound calls: a disabled period has no voicemail, a TTS text replaces the default, a team follows the organisation unless it has its own', async () => {
    const { admin, team, inbound } = await setup();
    const closedDefault = (await inbound(SATURDAY_10H))!;
    expect(greetingFor(closedDefault)).toMatchObject({
      voicemail: true,
      text: expect.stringContaining('Nos bureaux sont présentement fermés'),
    });

    await call(admin, 'PUT', '/api/voicemail-greetings', {
      teamId: null,
      kind: 'CLOSE',
      enabled: false,
      source: 'TTS',
      text: 'Fermé.',
    });
    const off = (await inbound(SATURDAY_10H))!;
    expect(off.route).toBe('voicemail');
    expect(greetingFor(off)).toMatchObject({
      voicemail: false,
      text: expect.stringContaining('Veuillez rappeler plus tard'),
    });

    await call(admin, 'PUT', '/api/voicemail-greetings', {
      teamId: team.id,
      kind: 'CLOSE',
      enabled: true,
      source: 'TTS',
      text: 'La clinique est fermée, laissez un message.',
    });
    expect(greetingFor((await inbound(SATURDAY_10H))!)).toEqual({
      voicemail: true,
      text: 'La clinique est fermée, laissez un message.',
      language: 'fr-CA',
    });

    const recorded = (
      await upload(admin, 'CLOSE', `source=FILE&teamId=${team.id}`, WAV)
    ).json<VoicemailGreeting>();
    expect(greetingFor((await inbound(SATURDAY_10H))!)).toMatchObject({
      voicemail: true,
      audioGreetingId: recorded.id,
    });

    // A greeting of a period never changes the route of another: open hours still ring.
    expect((await inbound(TUESDAY_10H))!.route).toBe('ring');
  });

  it("route by the team's own queue switch, and refuse calls while incoming calls are off", async () => {
    const { admin, team, inbound } = await setup();
    await call(admin, 'PUT', '/api/phone-settings', { teamQueues: [{ teamId: team.id, enabled: true }] });
    expect((await inbound(TUESDAY_10H))!.route).toBe('queue');
    await call(admin, 'PUT', '/api/phone-settings', { incomingCallsEnabled: false });
    expect(await inbound(TUESDAY_10H)).toBeNull();
  });
});

describe('call actions', () => {
  it("park calls under the organisation's park slots only, and transfer to a team's queue by its own switch", async () => {
    const { admin, member, team, inbound } = await setup();
    const other = await buildTeam({ organizationId: team.organizationId });
    await buildUser({ organizationId: team.organizationId, teamIds: [other.id] });
    await call(admin, 'PUT', '/api/phone-settings', {
      parkSlots: 1,
      teamQueues: [{ teamId: other.id, enabled: true }],
    });
    const first = (await inbound(TUESDAY_10H))!.call;
    const second = (await inbound(TUESDAY_10H))!.call;
    expect(
      (await call(member, 'POST', `/api/voice/v1/queues/park/${first.id}`)).json<{
        queue: { parkNo: number };
      }>().queue.parkNo,
    ).toBe(1);
    const full = await call(member, 'POST', `/api/voice/v1/queues/park/${second.id}`);
    expect([full.statusCode, issues(full).code]).toEqual([409, 'call-state-conflict']);

    await call(member, 'POST', `/api/voice/v1/calls/${second.id}/answer`);
    const moved = await call(member, 'POST', `/api/voice/v1/calls/${second.id}/transfer`, {
      toUserGroup: other.id,
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json<{ phase: number; userGroupId: string }>()).toMatchObject({
      phase: 4,
      userGroupId: other.id,
    });
  });
});
