#!/usr/bin/env node
// Sandbox calls benchmark: N concurrent calls bridged by the sandbox's media server
// (apps/server/src/carriers/voice/sandbox/sandbox-media.ts), each with two scripted werift ends
// (a caller and an agent, apps/server/src/test/webrtc-test-peer.ts) sending 20 ms packets both
// ways (50 packets/s each way), against a bare werift echo (one answering peer per end that sends
// back what it receives) with the same ends, in the same run.
// Measured: CPU of the process per call (% of one core: the ends are in the same process, in both
// modes, so the ratio bridge / echo is the cost of the bridge over werift's own), the time from
// `bridge` (the answer) to the agent's first packet at the caller (p50/p99), the time to connect a
// leg (offer → DTLS connected, p50/p99), and the share of packets delivered.
// Not a test: run it by hand (under `flock /tmp/accueil-bench.lock`), record docs/benchmarks.md.
//
//   node --import tsx scripts/bench/calls.mjs [--calls 20] [--seconds 10] [--runs 3] [--out f.jsonl]
import { appendFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { RTCPeerConnection, RTCRtpCodecParameters } from 'werift';
import { createSandboxMedia } from '../../apps/server/src/carriers/voice/sandbox/sandbox-media.ts';
import { createTestPeer } from '../../apps/server/src/test/webrtc-test-peer.ts';
import { median, pct, r1 } from './lib/stats.mjs';

const { values: args } = parseArgs({
  options: {
    calls: { type: 'string', default: '20' },
    seconds: { type: 'string', default: '10' },
    runs: { type: 'string', default: '3' },
    out: { type: 'string' },
  },
});
const CALLS = Number(args.calls);
const SECONDS = Number(args.seconds);
const FRAME = Buffer.alloc(80, 0x55); // an Opus packet's typical size at voice rates
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Process CPU (ms) while `work` runs, and its wall time (ms). */
async function cpuDuring(work) {
  const before = process.cpuUsage();
  const start = performance.now();
  await work();
  const used = process.cpuUsage(before);
  return { cpuMs: (used.user + used.system) / 1000, wallMs: performance.now() - start };
}

/** Connects `end` to whatever answers its offer (`answer(offer)`), timing offer → connected. */
async function connect(end, answer) {
  const start = performance.now();
  await end.accept(await answer(await end.offer()));
  await end.connected;
  return performance.now() - start;
}

/** A bare werift peer answering `offer` that sends back every packet it receives. */
async function echoPeer(offer) {
  const peer = new RTCPeerConnection({
    codecs: {
      audio: [
        new RTCRtpCodecParameters({
          mimeType: 'audio/opus',
          clockRate: 48000,
          channels: 2,
          payloadType: 111,
        }),
      ],
      video: [],
    },
    iceUseIpv6: false,
  });
  let transceiver = null;
  peer.onTrack.subscribe((track) =>
    track.onReceiveRtp.subscribe((packet) => void transceiver?.sender.sendRtp(packet).catch(() => undefined)),
  );
  await peer.setRemoteDescription(offer);
  transceiver = peer.getTransceivers()[0];
  transceiver.setDirection('sendrecv');
  await peer.setLocalDescription(await peer.createAnswer());
  while (peer.iceGatheringState !== 'complete') await sleep(10);
  return { peer, answer: { type: 'answer', sdp: peer.localDescription.sdp } };
}

const frames = (n) => Array.from({ length: n }, () => FRAME);

async function bridgeRun() {
  const media = createSandboxMedia();
  const calls = Array.from({ length: CALLS }, (_, i) => ({
    id: `call-${i}`,
    caller: createTestPeer(),
    agent: createTestPeer(),
  }));
  const setup = [];
  for (const c of calls) {
    setup.push(await connect(c.caller, (offer) => media.connect(c.id, 'caller', offer)));
    setup.push(await connect(c.agent, (offer) => media.connect(c.id, 'agent', offer)));
  }
  // The answer: bridged, the agent speaks; time to the first packet at the caller.
  const answerToAudio = await Promise.all(
    calls.map(async (c) => {
      const start = performance.now();
      media.bridge(c.id, 'agent');
      void c.agent.send(frames(5));
      while (c.caller.received.length === 0) await sleep(1);
      return performance.now() - start;
    }),
  );
  await sleep(300);
  const baseline = calls.map((c) => c.caller.received.length + c.agent.received.length);
  const packets = SECONDS * 50;
  const { cpuMs, wallMs } = await cpuDuring(() =>
    Promise.all(calls.flatMap((c) => [c.caller.send(frames(packets)), c.agent.send(frames(packets))])),
  );
  await sleep(300);
  const delivered =
    calls.reduce((n, c, i) => n + c.caller.received.length + c.agent.received.length - baseline[i], 0) /
    (CALLS * 2 * packets);
  media.close();
  await Promise.all(calls.flatMap((c) => [c.caller.close(), c.agent.close()]));
  return { cpuPctPerCall: (cpuMs / wallMs / CALLS) * 100, answerToAudio, setup, delivered };
}

async function echoRun() {
  const ends = Array.from({ length: CALLS * 2 }, () => createTestPeer());
  const echoes = [];
  for (const end of ends)
    await connect(end, async (offer) => {
      const echo = await echoPeer(offer);
      echoes.push(echo.peer);
      return echo.answer;
    });
  await sleep(300);
  const packets = SECONDS * 50;
  const { cpuMs, wallMs } = await cpuDuring(() => Promise.all(ends.map((e) => e.send(frames(packets)))));
  await sleep(300);
  const delivered = ends.reduce((n, e) => n + e.received.length, 0) / (ends.length * packets);
  await Promise.all([...ends.map((e) => e.close()), ...echoes.map((p) => p.close())]);
  return { cpuPctPerCall: (cpuMs / wallMs / CALLS) * 100, delivered };
}

const results = [];
for (let run = 1; run <= Number(args.runs); run++) {
  const bridge = await bridgeRun();
  const echo = await echoRun();
  const line = {
    date: new Date().toISOString(),
    run,
    calls: CALLS,
    seconds: SECONDS,
    loadAverage: r1(loadavg()[0]),
    bridge: {
      cpuPctPerCall: r1(bridge.cpuPctPerCall),
      answerToAudioMs: { p50: r1(pct(bridge.answerToAudio, 50)), p99: r1(pct(bridge.answerToAudio, 99)) },
      legSetupMs: { p50: r1(pct(bridge.setup, 50)), p99: r1(pct(bridge.setup, 99)) },
      delivered: r1(bridge.delivered * 100),
    },
    echo: { cpuPctPerCall: r1(echo.cpuPctPerCall), delivered: r1(echo.delivered * 100) },
    ratio: r1(bridge.cpuPctPerCall / echo.cpuPctPerCall),
  };
  results.push(line);
  console.log(JSON.stringify(line));
  if (args.out) appendFileSync(args.out, `${JSON.stringify(line)}\n`);
}
console.log(
  JSON.stringify({
    median: {
      bridgeCpuPctPerCall: r1(median(results.map((r) => r.bridge.cpuPctPerCall))),
      echoCpuPctPerCall: r1(median(results.map((r) => r.echo.cpuPctPerCall))),
      ratio: r1(median(results.map((r) => r.ratio))),
      answerToAudioP50: r1(median(results.map((r) => r.bridge.answerToAudioMs.p50))),
      answerToAudioP99: r1(median(results.map((r) => r.bridge.answerToAudioMs.p99))),
      legSetupP50: r1(median(results.map((r) => r.bridge.legSetupMs.p50))),
      legSetupP99: r1(median(results.map((r) => r.bridge.legSetupMs.p99))),
    },
  }),
);
