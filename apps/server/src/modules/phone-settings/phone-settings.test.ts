import type { PhoneSettings, SipUser, TransferExtension, VoicemailGreeting } from '@accueil/domain';
import { describe, expect, it } from 'vitest';
import {
  buildInboundCall,
  CLOSED_SATURDAY_10H as SATURDAY_10H,
  OPEN_TUESDAY_10H as TUESDAY_10H,
} from '../../test/call-factories';
import { deliverRecordedEvents } from '../../test/domain-event-helpers';
import { buildAdmin, buildOrganization, buildTeam, buildUser } from '../../test/factories';
import { multipartFile } from '../../test/multipart';
import { signedInAs } from '../../test/signed-in';
import { useTestApp } from '../../test/test-app';
import { greetingFor } from '../calls/index';
import { wavOf } from './greeting-preview';

const t = useTestApp();

const CALLER = '+15145550177';

type User = { id: string; organizationId: string };
async function call(user: User, method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: object) {
  return t.app.inject({ method, url, headers: await signedInAs(user), ...(payload ? { payload } : {}) });
}

/** An organisation with a team, an administrator and a plain member of the team. */
async function setup() {
  const org = await buildOrganization();
  const team = await buildTeam({ organizationId: org.id });
  const admin = await buildAdmin({ organizationId: org.id, teamIds: [team.id] });
  const member = await buildUser({ organizationId: org.id, teamIds: [team.id], status: 'online' });
  const inbound = (at: Date) => buildInboundCall(t.deps, { from: CALLER, to: team.phoneNumber!, at });
  return { org, team, admin, member, inbound };
}

const issues = (response: { json: <T>() => T }) =>
  response.json<{ code: string; details?: { location?: string; path: string; message: string }[] }>();

/** A tiny valid WAV (0.1 s of silence at 8 kHz). */
const WAV = wavOf({ sampleRate: 8000, samples: new Int16Array(800) });

describe('phone settings', () => {
  it('have their defaults, are changed by administrators only (in part), audited, and refused to members', async () => {
    const { team, admin, member } = await setup();
    const initial = (await call(admin, 'GET', '/api/phone-settings')).json<PhoneSettings>();
    expect(initial).toEqual({
      incomingCallsEnabled: true,
      queueMessage: null,
      queueRepeatPauseSeconds: 30,
      parkSlots: 3,
      sipDomain: null,
      teamQueues: [],
    });
    const saved = await call(admin, 'PUT', '/api/phone-settings', {
      queueMessage: '  Merci de patienter.  ',
      queueRepeatPauseSeconds: 45,
      sipDomain: 'Clinique.SIP.example.com',
      teamQueues: [{ teamId: team.id, enabled: true }],
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json<PhoneSettings>()).toEqual({
      incomingCallsEnabled: true,
      queueMessage: 'Merci de patienter.',
      queueRepeatPauseSeconds: 45,
      parkSlots: 3,
      sipDomain: 'clinique.sip.example.com',
      teamQueues: [{ teamId: team.id, enabled: true }],
    });
    const followed = (
      await call(admin, 'PUT', '/api/phone-settings', {
        queueMessage: '',
        teamQueues: [{ teamId: team.id, enabled: null }],
      })
    ).json<PhoneSettings>();
    expect(followed).toMatchObject({ queueMessage: null, queueRepeatPauseSeconds: 45, teamQueues: [] });
    expect((await call(member, 'GET', '/api/phone-settings')).statusCode).toBe(403);
    expect((await call(member, 'PUT', '/api/phone-settings', { parkSlots: 2 })).statusCode).toBe(403);
    await deliverRecordedEvents(t.deps, admin.organizationId);
    const audit = (await call(admin, 'GET', '/api/audit-events?action=phone-settings.changed')).json<{
      items: { action: string; details: { fields?: string[] } }[];
    }>();
    expect(
      audit.items.filter((e) => e.action === 'phone-settings.changed').map((e) => e.details.fields?.length),
    ).toEqual([2, 4]);
  });

  it('refuse each rule with its code: pause in seconds, park slots, SIP domain, message length, and a team of another organisation', async () => {
    const { admin } = await setup();
    const refusal = async (payload: object) => {
      const answer = await call(admin, 'PUT', '/api/phone-settings', payload);
      expect(answer.statusCode).toBe(400);
      return issues(answer).details?.map((d) => [d.path, d.message]);
    };
    expect(await refusal({ queueRepeatPauseSeconds: 2 })).toEqual([
      ['queueRepeatPauseSeconds', 'number-invalid'],
    ]);
    expect(await refusal({ queueRepeatPauseSeconds: 12.5 })).toEqual([
      ['queueRepeatPauseSeconds', 'number-invalid'],
    ]);
    expect(await refusal({ parkSlots: 21 })).toEqual([['parkSlots', 'number-invalid']]);
    expect(await refusal({ sipDomain: 'not a domain' })).toEqual([['sipDomain', 'sip-domain-invalid']]);
    expect(await refusal({ queueMessage: 'x'.repeat(501) })).toEqual([['queueMessage', 'max-length']]);
    const stranger = await buildTeam();
    expect(
      (
        await call(admin, 'PUT', '/api/phone-settings', {
          teamQueues: [{ teamId: stranger.id, enabled: true }],
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('transfer extensions', () => {
  it('are listed for every member, managed by administrators, with the number in E.164 and 0 to 3 digits of extension', async () => {
    const { admin, member } = await setup();
    const bad = await call(admin, 'POST', '/api/transfer-extension', {
      name: 'Labo',
      phoneNumber: '514 555 0100',
      extension: '1234',
    });
    expect(bad.statusCode).toBe(400);
    expect(issues(bad).details).toEqual([
      expect.objectContaining({ path: 'extension', message: 'extension-invalid' }),
    ]);
    const letters = await call(admin, 'POST', '/api/transfer-extension', {
      name: 'Labo',
      phoneNumber: '514 555 0100',
      extension: '1a',
    });
    expect(issues(letters).details?.[0]?.message).toBe('extension-invalid');
    const badPhone = await call(admin, 'POST', '/api/transfer-extension', {
      name: 'Labo',
      phoneNumber: '911',
    });
    expect(badPhone.statusCode).toBe(400);
    expect(issues(badPhone).details).toEqual([
      { location: 'body', path: 'phoneNumber', message: 'phone-invalid' },
    ]);
    const noName = await call(admin, 'POST', '/api/transfer-extension', {
      name: '  ',
      phoneNumber: '514 555 0100',
    });
    expect(issues(noName).details?.[0]).toMatchObject({ path: 'name', message: 'required' });

    const created = await call(admin, 'POST', '/api/transfer-extension', {
      name: 'Labo',
      phoneNumber: '514 555 0100',
      extension: '123',
    });
    expect(created.statusCode).toBe(201);
    const lab = created.json<TransferExtension>();
    expect(lab).toMatchObject({ name: 'Labo', phoneNumber: '+15145550100', extension: '123' });
    const none = (
      await call(admin, 'POST', '/api/transfer-extension', {
        name: 'Accueil',
        phoneNumber: '+15145550101',
        extension: '',
      })
    ).json<TransferExtension>();
    expect(none.extension).toBeNull();

    expect(
      (await call(member, 'GET', '/api/transfer-extension')).json<TransferExtension[]>().map((e) => e.name),
    ).toEqual(['Accueil', 'Labo']);
    expect(
      (await call(member, 'POST', '/api/transfer-extension', { name: 'X', phoneNumber: '+15145550102' }))
        .statusCode,
    ).toBe(403);
    expect((await call(member, 'DELETE', `/api/transfer-extension/${lab.id}`)).statusCode).toBe(403);

    const changed = await call(admin, 'PUT', `/api/transfer-extension/${lab.id}`, {
      name: 'Laboratoire',
      phoneNumber: '5145550109',
      extension: '7',
    });
    expect(changed.json<TransferExtension>()).toEqual({
      id: lab.id,
      name: 'Laboratoire',
      phoneNumber: '+15145550109',
      extension: '7',
    });
    expect((await call(admin, 'DELETE', `/api/transfer-extension/${lab.id}`)).statusCode).toBe(204);
    expect((await call(admin, 'DELETE', `/api/transfer-extension/${lab.id}`)).statusCode).toBe(404);
  });

  it("answer 404 for another organisation's extension", async () => {
    const { admin } = await setup();
    const other = await setup();
    const theirs = (
      await call(other.admin, 'POST', '/api/transfer-extension', {
        name: 'Labo',
        phoneNumber: '+15145550100',
      })
    ).json<TransferExtension>();
    expect(
      (
        await call(admin, 'PUT', `/api/transfer-extension/${theirs.id}`, {
          name: 'Mine',
          phoneNumber: '+15145550100',
        })
      ).statusCode,
    ).toBe(404);
    expect((await call(admin, 'DELETE', `/api/transfer-extension/${theirs.id}`)).statusCode).toBe(404);
    expect((await call(admin, 'GET', '/api/transfer-extension')).json<TransferExtension[]>()).toEqual([]);
  });
});

describe('SIP users', () => {
  it('follow the user name rule (E.164 or letters, digits, . _ -), are unique in the organisation, administrators only', async () => {
    const { admin, member } = await setup();
    const bad = await call(admin, 'POST', '/api/sip-users', { username: 'poste 12' });
    expect(bad.statusCode).toBe(400);
    expect(issues(bad).details).toEqual([
      expect.objectContaining({ path: 'username', message: 'sip-username-invalid' }),
    ]);
    expect(
      issues(await call(admin, 'POST', '/api/sip-users', { username: '+0123' })).details?.[0]?.message,
    ).toBe('sip-username-invalid');
    expect((await call(admin, 'POST', '/api/sip-users', { username: '+15145550100' })).statusCode).toBe(201);
    const desk = (
      await call(admin, 'POST', '/api/sip-users', { username: 'accueil.poste_1-a', displayName: 'Accueil' })
    ).json<SipUser>();
    expect(desk).toMatchObject({ username: 'accueil.poste_1-a', displayName: 'Accueil' });
    const taken = await call(admin, 'POST', '/api/sip-users', { username: 'accueil.poste_1-a' });
    expect([taken.statusCode, issues(taken).code]).toEqual([409, 'sip-line-taken']);
    expect((await call(member, 'GET', '/api/sip-users')).statusCode).toBe(403);
    expect((await call(admin, 'GET', '/api/sip-users')).json<SipUser[]>().map((u) => u.username)).toEqual([
      '+15145550100',
      'accueil.poste_1-a',
    ]);
    expect((await call(admin, 'DELETE', `/api/sip-users/${desk.id}`)).statusCode).toBe(204);
  });
});

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
