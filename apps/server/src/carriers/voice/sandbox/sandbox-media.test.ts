import { afterEach, describe, expect, it } from 'vitest';
import { createTestPeer, type TestPeer } from '../../../test/webrtc-test-peer';
import { holdMusicFrames } from './sandbox-audio';
import { createSandboxMedia, type MediaParty, type SandboxMedia } from './sandbox-media';

const CALL = 'call-1';
const AGENT = 'user-1';
const frames = (label: string, n: number) =>
  Array.from({ length: n }, (_, i) => Buffer.from(`${label}-${i}`));
const from = (received: readonly Buffer[], label: string) =>
  received.filter((p) => p.toString().startsWith(`${label}-`)).length;
const until = async (check: () => boolean, what: string) => {
  for (let i = 0; i < 250 && !check(); i++) await new Promise((r) => setTimeout(r, 20));
  if (!check()) throw new Error(`Timed out waiting for ${what}`);
};

describe('sandbox media server', () => {
  let media: SandboxMedia;
  const peers: TestPeer[] = [];
  const join = async (party: MediaParty) => {
    const peer = createTestPeer();
    peers.push(peer);
    await peer.accept(await media.connect(CALL, party, await peer.offer()));
    await Promise.all([peer.connected, media.connected(CALL, party)]);
    return peer;
  };
  afterEach(async () => {
    media.close();
    await Promise.all(peers.splice(0).map((p) => p.close()));
  });

  it('bridges the caller and the agent both ways, the payloads forwarded unchanged', async () => {
    media = createSandboxMedia();
    const [caller, agent] = [await join('caller'), await join(AGENT)];
    media.bridge(CALL, AGENT);
    await Promise.all([caller.send(frames('caller', 25)), agent.send(frames('agent', 25))]);
    await until(
      () => from(agent.received, 'caller') >= 20 && from(caller.received, 'agent') >= 20,
      'audio both ways',
    );
    expect(agent.received.some((p) => p.equals(Buffer.from('caller-3')))).toBe(true);
    expect(caller.received.some((p) => p.equals(Buffer.from('agent-3')))).toBe(true);
    expect(media.stats(CALL, 'caller')!.packetsReceived).toBeGreaterThanOrEqual(20);
  }, 20_000);

  it('on hold the caller hears the hold music, no longer the agent; resuming bridges them again', async () => {
    media = createSandboxMedia();
    const [caller, agent] = [await join('caller'), await join(AGENT)];
    media.bridge(CALL, AGENT);
    media.hold(CALL, holdMusicFrames());
    await agent.send(frames('held', 25));
    await until(() => caller.received.length >= 20, 'the hold music');
    expect(from(caller.received, 'held')).toBe(0);
    const music = new Set(holdMusicFrames().map((f) => f.toString('hex')));
    expect(caller.received.filter((p) => music.has(p.toString('hex'))).length).toBeGreaterThanOrEqual(20);
    await caller.send(frames('unheard', 10));
    expect(from(agent.received, 'unheard')).toBe(0);

    media.bridge(CALL, AGENT);
    await agent.send(frames('resumed', 15));
    await until(() => from(caller.received, 'resumed') >= 10, 'the agent again');
  }, 20_000);

  it('records what the caller says: a WebM file whose length is within 10 % of what was sent', async () => {
    media = createSandboxMedia();
    const caller = await join('caller');
    const greeting = media.play(CALL, frames('greeting', 10));
    await greeting;
    expect(from(caller.received, 'greeting')).toBeGreaterThanOrEqual(8);
    media.startRecording(CALL);
    await caller.send(frames('message', 150)); // 3 s
    await new Promise((r) => setTimeout(r, 200));
    const recording = await media.stopRecording(CALL);
    expect(recording).not.toBeNull();
    expect(Math.abs(recording!.durationSeconds - 3)).toBeLessThan(0.3);
    expect(recording!.contentType).toBe('audio/webm');
    expect(recording!.bytes.subarray(0, 4).toString('hex')).toBe('1a45dfa3'); // EBML
    expect(recording!.bytes.length).toBeGreaterThan(150 * 8);
  }, 20_000);

  it("reports the caller's keypad digits", async () => {
    media = createSandboxMedia();
    const keys: string[] = [];
    media.onDigit((callId, key) => keys.push(`${callId}:${key}`));
    const caller = await join('caller');
    await caller.pressKey(1);
    await caller.pressKey(0);
    await until(() => keys.length >= 2, 'the digits');
    expect(keys).toEqual([`${CALL}:1`, `${CALL}:0`]);
  }, 20_000);
});
