import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Call, TransferTargets, RecordingLength } from '@accueil/domain';
import { eq } from 'drizzle-orm';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StorageNotFoundError } from '../../carriers/storage/storage-carrier';
import { createTwilioVoiceCarrier } from '../../carriers/voice/twilio/twilio-voice-carrier';
import type { VoiceCarrier } from '../../carriers/voice/voice-carrier';
import { callRecordings } from '../../db/schema/calls';
import { userPhoneLines, users } from '../../db/schema/users';
import { buildInboundCall, CLOSED_SATURDAY_10H, newSid } from '../../test/call-factories';
import { buildAdmin, buildOrganization, buildTeam, buildUser } from '../../test/factories';
import { buildSipUser } from '../../test/phone-settings-factories';
import { signedInAs } from '../../test/signed-in';
import { useTestApp } from '../../test/test-app';
import { recordVoicemail } from './record-voicemail';

const t = useTestApp();
type Who = { id: string; organizationId: string };
const request = async (user: Who, method: 'GET' | 'DELETE', url: string) =>
  t.app.inject({ method, url, headers: await signedInAs(user) });
const audio = { bytes: new Uint8Array([82, 73, 70, 70, 9, 9]), contentType: 'audio/wav' };

/** The recording's audio as its row names it in the storage carrier (key, media type, bytes), or null when it names none. */
async function keptAudioOf(recordingId: string) {
  const [row] = await t.deps.db.select().from(callRecordings).where(eq(callRecordings.id, recordingId));
  if (!row?.storageKey) return null;
  const { stream, contentType } = await t.deps.storage.get(row.storageKey);
  return { key: row.storageKey, contentType, bytes: new Uint8Array(await buffer(stream)) };
}

/** An organisation with two teams, a member of each, an administrator, and a voicemail left on the first team's number. */
async function setup(opts: { carrier?: string; url?: string | null; withAudio?: boolean } = {}) {
  const org = await buildOrganization();
  const team = await buildTeam({ organizationId: org.id });
  const other = await buildTeam({ organizationId: org.id });
  const member = await buildUser({ organizationId: org.id, teamIds: [team.id] });
  const otherMember = await buildUser({ organizationId: org.id, teamIds: [other.id] });
  const admin = await buildAdmin({ organizationId: org.id, teamIds: [team.id] });
  const carrier = opts.carrier ?? 'sandbox';
  // Closed on Saturdays: voicemail.
  const { call } = (await buildInboundCall(t.deps, {
    carrier,
    from: '+15145550144',
    to: team.phoneNumber!,
    at: CLOSED_SATURDAY_10H,
  }))!;
  const recordingSid = newSid('RE');
  const withAudio = opts.withAudio ?? true;
  const left = await recordVoicemail(t.deps, {
    carrier,
    callSid: call.callSid!,
    recordingSid,
    url: opts.url ?? null,
    duration: 2,
    ...(withAudio ? { audio } : {}),
  });
  return {
    org,
    team,
    other,
    member,
    otherMember,
    admin,
    call: left!,
    recordingId: left!.voicemail!.id,
    recordingSid,
  };
}

describe('GET /api/voice/v1/recordings', () => {
  it("plays a voicemail of the member's team, by its id or its stored address, and its length", async () => {
    const { org, member, recordingId } = await setup({
      url: 'https://sandbox.test/recordings/1.wav',
    });
    const played = await request(member, 'GET', `/api/voice/v1/recordings?recordingId=${recordingId}`);
    expect(played.statusCode).toBe(200);
    expect(played.headers['content-type']).toBe('audio/wav');
    expect(new Uint8Array(played.rawPayload)).toEqual(audio.bytes);
    const byUrl = await request(
      member,
      'GET',
      `/api/voice/v1/recordings?url=${encodeURIComponent('https://sandbox.test/recordings/1.wav')}`,
    );
    expect(byUrl.statusCode).toBe(200);
    const length = await request(member, 'GET', `/api/voice/v1/recordings/length?recordingId=${recordingId}`);
    expect(length.json<RecordingLength>()).toEqual({ recordingId, duration: 2 });
    const key = expect.stringMatching(`^org/${org.id}/recordings/`);
    expect(await keptAudioOf(recordingId)).toEqual({ key, ...audio });
  });

  it("never serves another organisation's recording (404), nor another team's (403), nor an address no recording has (no open proxy)", async () => {
    const { recordingId, otherMember } = await setup({ url: 'https://sandbox.test/recordings/2.wav' });
    const stranger = await buildUser();
    expect(
      (await request(stranger, 'GET', `/api/voice/v1/recordings?recordingId=${recordingId}`)).statusCode,
    ).toBe(404);
    expect(
      (
        await request(
          stranger,
          'GET',
          `/api/voice/v1/recordings?url=${encodeURIComponent('https://sandbox.test/recordings/2.wav')}`,
        )
      ).statusCode,
    ).toBe(404);
    expect(
      (await request(stranger, 'GET', `/api/voice/v1/recordings/length?recordingId=${recordingId}`))
        .statusCode,
    ).toBe(404);
    const forbidden = await request(
      otherMember,
      'GET',
      `/api/voice/v1/recordings?recordingId=${recordingId}`,
    );
    expect(forbidden.statusCode).toBe(403);
    const { member } = await setup();
    expect(
      (
        await request(
          member,
          'GET',
          `/api/voice/v1/recordings?url=${encodeURIComponent('http://169.254.169.254/latest/meta-data')}`,
        )
      ).statusCode,
    ).toBe(404);
    expect((await request(member, 'GET', '/api/voice/v1/recordings')).statusCode).toBe(400);
  });

  describe('a Twilio recording, fetched from the voice carrier on first play', () => {
    let server: Server;
    const seen: string[] = [];
    beforeAll(async () => {
      server = createServer((req, res) => {
        seen.push(`${req.url} ${req.headers.authorization}`);
        if (req.url?.endsWith('/REmissing')) return void res.writeHead(404).end();
        if (req.url?.endsWith('/REdown')) return void res.writeHead(503).end();
        res.writeHead(200, { 'content-type': 'audio/x-wav' }).end(Buffer.from([1, 2, 3, 4]));
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    /** Runs `fn` with the Twilio voice carrier (its REST API at the local server) in place of the sandbox's. */
    async function withTwilioVoice(base: string, fn: () => Promise<void>) {
      const deps = t.deps as { voice: VoiceCarrier };
      const sandbox = deps.voice;
      deps.voice = createTwilioVoiceCarrier({
        accountSid: 'ACtest',
        apiKeySid: 'SKtest',
        apiKeySecret: 'secret',
        twimlAppSid: 'APtest',
        apiBaseUrl: base,
      });
      try {
        await fn();
      } finally {
        deps.voice = sandbox;
      }
    }

    it('fetches it once with the carrier’s API key and keeps it; never asks another host', async () => {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      await withTwilioVoice(base, async () => {
        const { member, recordingId } = await setup({
          carrier: 'twilio',
          url: `${base}/2010-04-01/Accounts/ACtest/Recordings/RE1`,
          withAudio: false,
        });
        const first = await request(member, 'GET', `/api/voice/v1/recordings?recordingId=${recordingId}`);
        expect(first.statusCode).toBe(200);
        expect(new Uint8Array(first.rawPayload)).toEqual(new Uint8Array([1, 2, 3, 4]));
        expect(
          (await request(member, 'GET', `/api/voice/v1/recordings?recordingId=${recordingId}`)).statusCode,
        ).toBe(200);
        expect((await keptAudioOf(recordingId))?.bytes).toEqual(new Uint8Array([1, 2, 3, 4]));
        expect(seen).toEqual([
          `/2010-04-01/Accounts/ACtest/Recordings/RE1 Basic ${Buffer.from('SKtest:secret').toString('base64')}`,
        ]);
        // A stored address on another host is never asked.
        const elsewhere = await setup({
          carrier: 'twilio',
          url: 'https://example.test/RE2',
          withAudio: false,
        });
        expect(
          (
            await request(
              elsewhere.member,
              'GET',
              `/api/voice/v1/recordings?recordingId=${elsewhere.recordingId}`,
            )
          ).statusCode,
        ).toBe(404);
        expect(seen).toHaveLength(1);
      });
    });

    it('answers 404 when the carrier has no such recording, 502 carrier-unavailable when it fails, and 404 for a vendor not configured', async () => {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const url = (sid: string) => `${base}/2010-04-01/Accounts/ACtest/Recordings/${sid}`;
      await withTwilioVoice(base, async () => {
        const missing = await setup({ carrier: 'twilio', url: url('REmissing'), withAudio: false });
        const down = await setup({ carrier: 'twilio', url: url('REdown'), withAudio: false });
        const play = (who: Awaited<ReturnType<typeof setup>>) =>
          request(who.member, 'GET', `/api/voice/v1/recordings?recordingId=${who.recordingId}`);
        expect((await play(missing)).statusCode).toBe(404);
        const failed = await play(down);
        expect(failed.statusCode).toBe(502);
        expect(failed.json()).toMatchObject({ code: 'carrier-unavailable' });
      });
      // With the sandbox configured, a Twilio recording is not fetched (only its vendor can serve it).
      const before = seen.length;
      const other = await setup({ carrier: 'twilio', url: url('RE3'), withAudio: false });
      expect(
        (await request(other.member, 'GET', `/api/voice/v1/recordings?recordingId=${other.recordingId}`))
          .statusCode,
      ).toBe(404);
      expect(seen).toHaveLength(before);
    });
  });
});

describe('DELETE /api/voice/v1/recordings/:id', () => {
  it("an administrator deletes the audio: the call shows it deleted and playing it answers 410 'recording-deleted'", async () => {
    const { admin, member, recordingId, call } = await setup();
    const kept = (await keptAudioOf(recordingId))!;
    expect((await request(member, 'DELETE', `/api/voice/v1/recordings/${recordingId}`)).statusCode).toBe(403);
    expect((await request(admin, 'DELETE', `/api/voice/v1/recordings/${recordingId}`)).statusCode).toBe(204);
    expect((await request(admin, 'DELETE', `/api/voice/v1/recordings/${recordingId}`)).statusCode).toBe(204);
    const played = await request(member, 'GET', `/api/voice/v1/recordings?recordingId=${recordingId}`);
    expect(played.statusCode).toBe(410);
    expect(played.json()).toMatchObject({ code: 'recording-deleted' });
    expect(await keptAudioOf(recordingId)).toBeNull();
    await expect(t.deps.storage.get(kept.key)).rejects.toBeInstanceOf(StorageNotFoundError);
    const [row] = await t.deps.db.select().from(callRecordings).where(eq(callRecordings.id, recordingId));
    expect(row?.status).toBe('deleted');
    const read = await request(member, 'GET', `/api/voice/v1/calls/${call.id}`);
    expect(read.json<Call>()).toMatchObject({
      voicemail: { id: recordingId, deleted: true },
      version: call.version + 1,
    });
    const stranger = await buildAdmin();
    expect((await request(stranger, 'DELETE', `/api/voice/v1/recordings/${recordingId}`)).statusCode).toBe(
      404,
    );
  });
});

describe('GET /api/voice/v1/calls/availability', () => {
  it("lists the organisation's teams with their users who are not disabled, their presence and SIP line", async () => {
    const { org, team, other, member, otherMember, admin } = await setup();
    const disabled = await buildUser({ organizationId: org.id, teamIds: [team.id] });
    await t.deps.db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, disabled.id));
    await t.deps.db.update(users).set({ status: 'away' }).where(eq(users.id, otherMember.id));
    await t.deps.db
      .insert(userPhoneLines)
      .values({ organizationId: org.id, userId: member.id, sipUsername: `line-${member.id.slice(0, 8)}` });
    const answer = await request(member, 'GET', '/api/voice/v1/calls/availability');
    expect(answer.statusCode).toBe(200);
    const { teams } = answer.json<TransferTargets>();
    const first = teams.find((x) => x.id === team.id)!;
    expect(first.users.map((u) => u.id).sort()).toEqual([member.id, admin.id].sort());
    expect(first.users.find((u) => u.id === member.id)).toMatchObject({
      sipUsername: `line-${member.id.slice(0, 8)}`,
    });
    expect(teams.find((x) => x.id === other.id)!.users).toEqual([
      expect.objectContaining({ id: otherMember.id, status: 'away', sipUsername: null }),
    ]);
    const strangers = (
      await request(await buildUser(), 'GET', '/api/voice/v1/calls/availability')
    ).json<TransferTargets>();
    expect(strangers.teams.some((x) => x.id === team.id)).toBe(false);
  });

  it("offers the organisation's SIP lines no user has (lines of no team), never another organisation's", async () => {
    const { org, member } = await setup();
    const suffix = member.id.slice(0, 8);
    await buildSipUser({ organizationId: org.id, username: `desk-${suffix}`, displayName: 'Salle de repos' });
    await buildSipUser({ organizationId: org.id, username: `held-${suffix}`, userId: member.id });
    const { sipLines } = (
      await request(member, 'GET', '/api/voice/v1/calls/availability')
    ).json<TransferTargets>();
    expect(sipLines).toEqual([{ username: `desk-${suffix}`, displayName: 'Salle de repos' }]);
    expect(
      (await request(await buildUser(), 'GET', '/api/voice/v1/calls/availability')).json<TransferTargets>()
        .sipLines,
    ).toEqual([]);
  });
});
