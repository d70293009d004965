import {
  CALL_PHASE_NUMBERS,
  defaultOrganizationOptions,
  defaultSchedule,
  type Call,
  type MessagePage,
  type SandboxCall,
  type SessionDescription,
} from '@accueil/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { audioFileFrames, wavFile } from '../audio-file';
import { beepFrames, holdMusicFrames } from './sandbox-audio';
import { authHeader, buildAdmin, buildOrganization, buildTeam, buildUser } from '../../../test/factories';
import { multipartFile } from '../../../test/multipart';
import { accessTokenFor } from '../../../test/signed-in';
import { useTestApp } from '../../../test/test-app';
import { createTestPeer, type TestPeer } from '../../../test/webrtc-test-peer';
import { callbackSpeech } from '../../../modules/calls/index';
import { phoneRoom } from '../../messaging/sandbox/sandbox-namespace';
import { spokenFrames } from './sandbox-voice-prompts';

const t = useTestApp();
const peers: TestPeer[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  await Promise.all(peers.splice(0).map((p) => p.close()));
});
const allWeek = (enabled: boolean) => ({
  week: defaultSchedule().week.map((d) => ({ ...d, enabled, start: '00:00', end: '23:59' })),
  vacations: [],
});
// Audio arrives in real time, one 20 ms frame per timer tick: on a loaded machine the ticks come late,
// so the waits allow ~50 s (within each test's 60 s) for what takes ~10 s on a quiet one.
const until = async (check: () => boolean | Promise<boolean>, what: string, tries = 2500) => {
  for (let i = 0; i < tries && !(await check()); i++) await new Promise((r) => setTimeout(r, 20));
  if (!(await check())) throw new Error(`Timed out waiting for ${what}`);
};
/** Where `frames` start in what the caller received, from `from` on (their first 5 frames matched), or -1. */
const indexOfFrames = (received: readonly Buffer[], frames: readonly Buffer[], from = 0) => {
  for (let i = from; i + 5 <= received.length; i++)
    if (frames.slice(0, 5).every((f, k) => f.equals(received[i + k]!))) return i;
  return -1;
};

/** An organisation (queue on, open all week; or closed) with a team, an administrator and a member; the phone simulator calls the team. */
async function world(opts: { open: boolean }) {
  const options = defaultOrganizationOptions();
  options.voiceQueue.enabled = true;
  const org = await buildOrganization({ name: 'Clinique Soleil', options, schedule: allWeek(opts.open) });
  const team = await buildTeam({ organizationId: org.id });
  const admin = authHeader(
    await accessTokenFor(await buildAdmin({ organizationId: org.id, teamIds: [team.id] })),
  );
  const member = authHeader(
    await accessTokenFor(await buildUser({ organizationId: org.id, teamIds: [team.id] })),
  );
  const phone = `+1514555${String(Math.floor(Math.random() * 9000) + 1000)}`;
  const events: [string, string, unknown][] = [];
  const publishIn = t.deps.realtime.publishIn.bind(t.deps.realtime);
  vi.spyOn(t.deps.realtime, 'publishIn').mockImplementation(
    (ns, room, event, payload) => (events.push([room, event, payload]), publishIn(ns, room, event, payload)),
  );
  /** Dials the team from `phone` and connects the caller's leg. */
  const dial = async () => {
    const call = (
      await t.app.inject({
        method: 'POST',
        url: '/api/sandbox/voice/calls',
        payload: { from: phone, to: team.phoneNumber },
      })
    ).json<SandboxCall>();
    const caller = createTestPeer();
    peers.push(caller);
    await t.app.inject({
      method: 'POST',
      url: `/api/sandbox/voice/calls/${call.id}/events`,
      payload: { type: 'signal', number: phone, description: await caller.offer() },
    });
    const signal = events.find(([room, name]) => room === phoneRoom(phone) && name === 'voice:signal') as [
      string,
      string,
      { description: SessionDescription },
    ];
    await caller.accept(signal[2].description);
    return { call, caller };
  };
  const ended = (callId: string) =>
    events.some(
      ([room, name, p]) =>
        room === phoneRoom(phone) &&
        name === 'voice:updated' &&
        (p as { call: SandboxCall }).call.id === callId &&
        (p as { call: SandboxCall }).call.state === 'ended',
    );
  const history = async () => {
    const lookup = await t.app.inject({
      method: 'GET',
      url: `/api/conversations/lookup?phone=${encodeURIComponent(phone)}`,
      headers: member,
    });
    const conversationId = lookup.json<{ conversation: { id: string } }>().conversation.id;
    const calls = (
      await t.app.inject({
        method: 'GET',
        url: `/api/conversations/${conversationId}/calls`,
        headers: member,
      })
    ).json<{ calls: Call[] }>().calls;
    const texts = (
      await t.app.inject({
        method: 'GET',
        url: `/api/conversations/${conversationId}/messages`,
        headers: member,
      })
    ).json<MessagePage>().items;
    return { calls, texts };
  };
  return { org, team, admin, dial, ended, history };
}

describe('sandbox: waiting in the queue', () => {
  it('after the greeting, the queue message, then the hold music for the pause, then the message again', async () => {
    const { admin, dial } = await world({ open: true });
    const set = await t.app.inject({
      method: 'PUT',
      url: '/api/phone-settings',
      headers: admin,
      payload: { queueMessage: 'Restez en ligne.', queueRepeatPauseSeconds: 5 },
    });
    expect(set.statusCode).toBe(200);
    const { caller } = await dial();
    const message = await spokenFrames({ text: 'Restez en ligne.', language: 'fr-CA' });
    await until(
      () => indexOfFrames(caller.received, message, indexOfFrames(caller.received, message) + 1) > 0,
      'the message twice',
    );
    const first = indexOfFrames(caller.received, message);
    const second = indexOfFrames(caller.received, message, first + 1);
    // Between the two: the message, then 5 s of hold music (250 frames of 20 ms), within 10 frames (a few lost packets).
    expect(Math.abs(second - first - (message.length + 250))).toBeLessThanOrEqual(10);
    expect(indexOfFrames(caller.received, holdMusicFrames(), first + message.length - 2)).toBeLessThan(
      first + message.length + 5,
    );
    expect(first).toBeGreaterThan(100); // the greeting came first
  }, 60_000);

  it('key 1: a callback text to the caller, the call leaves the queue as a callback request, the caller hears the confirmation and the server hangs up', async () => {
    const { dial, ended, history } = await world({ open: true });
    const { call, caller } = await dial();
    await until(
      async () => (await history()).calls[0]?.queue?.status === 'queued' && caller.received.length > 100,
      'the greeting',
    );
    await caller.pressKey(1);
    await until(() => ended(call.id), 'the server hanging up');
    const confirmation = await spokenFrames(callbackSpeech('fr-CA', 'requested'));
    expect(indexOfFrames(caller.received, confirmation)).toBeGreaterThan(0);
    const [stored] = (await history()).calls;
    expect(stored).toMatchObject({
      status: 'callback-request',
      phase: CALL_PHASE_NUMBERS.ended,
      missed: true,
      queue: { status: 'completed' },
    });

    await t.jobs.start();
    await expect
      .poll(async () => (await history()).texts.filter((m) => m.automatic).map((m) => m.body), {
        timeout: 15_000,
      })
      .toEqual([
        'Nous avons bien reçu votre demande de rappel. Clinique Soleil vous rappellera dès que possible.',
      ]);
  }, 60_000);

  it("closed, with the period's greeting an uploaded file: the caller hears that file, then the beep", async () => {
    const { admin, dial } = await world({ open: false });
    const samples = new Int16Array(16_000).map((_, i) =>
      Math.round(Math.sin((2 * Math.PI * 523 * i) / 16_000) * 9000),
    );
    const wav = wavFile(samples, 16_000);
    const form = multipartFile('audio', 'accueil.wav', wav);
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/api/voicemail-greetings/audio/CLOSE?source=FILE',
      payload: form.payload,
      headers: { ...admin, ...form.headers },
    });
    expect(uploaded.statusCode).toBe(200);
    const { caller } = await dial();
    const file = await audioFileFrames(wav);
    await until(() => indexOfFrames(caller.received, beepFrames()) > 0, 'the beep');
    expect(indexOfFrames(caller.received, file)).toBeGreaterThanOrEqual(0);
    expect(indexOfFrames(caller.received, file)).toBeLessThan(indexOfFrames(caller.received, beepFrames()));
    expect(
      indexOfFrames(
        caller.received,
        await spokenFrames({ text: 'Bonjour, vous avez joint Clinique Soleil.', language: 'fr-CA' }),
      ),
    ).toBe(-1);
  }, 60_000);
});
