#!/usr/bin/env node
// Ingest benchmark: signed Twilio inbound webhooks at a fixed rate into an Accueil
// server while N Socket.IO clients of the receiving team listen, next to the baselines of the
// same run: a bare single-row INSERT loop and a bare Socket.IO broadcast server.
// Not a test: run it by hand and record the result in docs/benchmarks.md.
//
//   node scripts/bench/inbound-sms.mjs --db postgres|pglite --rate 1000 --duration 60 \
//     [--clients 50] [--cold 5] [--warmup 3] [--runs 3] [--no-pin] [--no-baselines] [--profile /tmp/prof] [--out results.jsonl]
//     [--server-dir /tmp/older-checkout] [--port 3450] [--pg-db accueil_bench_d] [--nice=-10]
//     [--quiet-pct 40 --quiet-wait-s 300]   (wait for the machine to be quiet before each run)
//     [--server-node-args='--trace-gc --max-semi-space-size=32']   (extra flags for the server's node)
//     [--pg-core 1]   (the PostgreSQL backends on the generator's core instead of the server's: a diagnostic)
//     [--series /tmp/lat]   (writes /tmp/lat.runN.json: latency per 100 ms window, see open-loop.mjs)
//
// Each run starts its own server (lib/accueil-server.mjs: twilio carrier, demo data, warn logs,
// fresh database: PGlite in a temporary folder or PostgreSQL database --pg-db) with the
// event-loop probe (server-probe.mjs, without --expose-gc: no forced GC), signs in, connects the
// clients and loads it at once: the first --cold seconds are the cold window, reported apart as
// `cold` (a server just started: JIT, first queries, the job queue starting); then --warmup
// seconds not measured, then the measured window. With pinning (default on ≥ 2 cores) the server, the
// baselines and the PostgreSQL backends of their databases run on core 0, this generator and its
// clients on core 1. Reports per run and the median of the runs: webhook latency from the time
// each request was due (open loop), achieved send rate and generator lag, client-event latency,
// lost/duplicated events, non-2xx, server event-loop delay and CPU, PostgreSQL backends' CPU.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';
import { parseArgs } from 'node:util';
import { nodeBin, repo, startAccueil, startBareSocketIo } from './lib/accueil-server.mjs';
import { connectClients } from './lib/clients.mjs';
import { drive, prepareAhead } from './lib/drive.mjs';
import { closeConnections } from './lib/http-post.mjs';
import {
  canPin,
  cpuMs,
  keepPostgresPinned,
  machineBusyMs,
  onCore,
  pinPid,
  renice,
  rssMiB,
} from './lib/pinning.mjs';
import { r1, reportRuns } from './lib/stats.mjs';
import { DEMO_TEAM_NUMBER, messageSid, signedInboundSms } from './lib/twilio-webhook.mjs';

const { values: args } = parseArgs({
  options: {
    db: { type: 'string', default: 'pglite' },
    rate: { type: 'string', default: '100' },
    duration: { type: 'string', default: '20' },
    cold: { type: 'string', default: '5' },
    warmup: { type: 'string', default: '3' },
    clients: { type: 'string', default: '50' },
    runs: { type: 'string', default: '1' },
    port: { type: 'string', default: '3450' },
    'pg-db': { type: 'string', default: 'accueil_bench_d' },
    'no-pin': { type: 'boolean', default: false },
    'no-baselines': { type: 'boolean', default: false },
    nice: { type: 'string' },
    'quiet-pct': { type: 'string', default: '0' },
    'quiet-wait-s': { type: 'string', default: '300' },
    profile: { type: 'string' },
    'server-dir': { type: 'string' },
    out: { type: 'string' },
    series: { type: 'string' },
    'server-node-args': { type: 'string', default: '' },
    'pg-core': { type: 'string', default: '0' },
    'drain-ms': { type: 'string', default: '3000' },
  },
});
const rate = Number(args.rate);
const durationS = Number(args.duration);
const coldS = Number(args.cold);
const warmupS = Number(args.warmup);
const clientCount = Number(args.clients);
const port = Number(args.port);
const pin = !args['no-pin'] && canPin();
// A negative niceness for every measured process (server, baselines, their PostgreSQL backends,
// this generator): on a machine shared with other work, the benchmark then gets the cores.
const nice = args.nice ? Number(args.nice) : undefined;
// Another checkout of the server to measure (A/B against an earlier commit: `git archive`
// into a folder, with node_modules linked to this repository's).
const serverDir = args['server-dir'] ?? repo;
// The public URL Twilio calls in production: https on its default port, behind a proxy. The
// signature is over this URL, as Twilio's is (`twilio.validateRequest` then matches on its first
// candidate; with an explicit port, as http://127.0.0.1:3450 was, it matched only on its second,
// after a first HMAC that could not match).
const publicUrl = 'https://accueil.example.test';
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

if (pin) pinPid(process.pid, 1);
if (nice) renice(process.pid, nice);

/**
 * With --quiet-pct N: waits (at most --quiet-wait-s) until the rest of the machine has used
 * less than N % of one core over 5 s, so runs are not made while other work loads the cores.
 * Resolves with the last measured share.
 */
async function waitForQuiet() {
  const limit = Number(args['quiet-pct']);
  if (!limit) return NaN;
  const deadline = Date.now() + 1000 * Number(args['quiet-wait-s']);
  for (;;) {
    const b0 = machineBusyMs();
    await sleep(5000);
    const busyPct = (machineBusyMs() - b0) / 50;
    if (busyPct < limit || Date.now() > deadline) return r1(busyPct);
  }
}

/** The bare INSERT loop, on core 0, as a child process; its JSON summary. */
async function pgInsertBaseline() {
  const argv = [
    ...onCore(0, pin, nice),
    nodeBin,
    join(repo, 'scripts/bench/baselines/pg-insert.mjs'),
    '--db',
    args.db,
    '--rate',
    String(rate),
    '--duration',
    String(durationS),
    '--pg-db',
    `${args['pg-db']}_base`,
  ];
  const pinner =
    pin && args.db === 'postgres' ? keepPostgresPinned(`${args['pg-db']}_base`, 0, { nice }) : null;
  try {
    const { stdout } = await promisify(execFile)(argv[0], argv.slice(1), { cwd: repo, maxBuffer: 1 << 20 });
    return JSON.parse(stdout.trim().split('\n').pop());
  } finally {
    pinner?.stop();
  }
}

/** The bare Socket.IO broadcast server on core 0, driven like the webhook. */
async function socketIoBaseline() {
  const server = await startBareSocketIo({ port: port + 1, pin, nice });
  try {
    const clients = await connectClients(server.base, clientCount);
    const prepare = (prefix) => (i) => ({
      url: `${server.base}/broadcast?i=${prefix}${i}&label=bench`,
      headers: { 'content-type': 'text/plain' },
      body: 'x',
    });
    await drive({ rate, durationS: warmupS, prepare: prepare('w'), drainMs: 500 });
    const result = await drive({
      rate,
      durationS,
      prepare: prepare(''),
      clients,
      drainMs: Number(args['drain-ms']),
    });
    clients.close();
    return result;
  } finally {
    closeConnections();
    await server.stop();
  }
}

/** Signed inbound webhook `i` of window `label` (`cold`, `warm`, `bench`: its body is `<label> i`), as Twilio sends it. */
function webhook(base, label, i) {
  const path = '/api/webhooks/twilio/messaging';
  const from = `+1514555${String(2000 + (i % 200)).padStart(4, '0')}`;
  return signedInboundSms({
    url: `${base}${path}`,
    signedUrl: `${publicUrl}${path}`,
    sid: messageSid(label[0], i),
    from,
    to: DEMO_TEAM_NUMBER,
    body: `${label} ${i}`,
  });
}

/**
 * One Accueil run: start, then at once the cold window (the first `--cold` s of load after the
 * server answers, measured and reported apart as `cold`), the warm-up, the measured window, stop.
 */
async function accueilRun(run) {
  const base = `http://127.0.0.1:${port}`;
  // Every request is signed before the server starts: nothing but sending between its start and the load.
  const cold = coldS > 0 ? prepareAhead(rate, coldS, (i) => webhook(base, 'cold', i)) : null;
  const warm = prepareAhead(rate, warmupS, (i) => webhook(base, 'warm', i));
  const measured = prepareAhead(rate, durationS, (i) => webhook(base, 'bench', i));
  const nodeArgs = [
    ...(args.profile
      ? ['--cpu-prof', '--cpu-prof-dir', join(args.profile, `${args.db}-${rate}-run${run}`)]
      : []),
    ...args['server-node-args'].split(' ').filter(Boolean),
  ];
  const server = await startAccueil({
    port,
    db: args.db,
    pgDb: args['pg-db'],
    seedDemo: true,
    publicUrl,
    pin,
    core: 0,
    pgCore: Number(args['pg-core']),
    nice,
    exposeGc: false,
    nodeArgs,
    serverDir,
  });
  const answeredAt = performance.now();
  try {
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: 'Demo-Accueil-2026' }),
    });
    if (!login.ok) throw new Error(`login failed ${login.status}`);
    const { jwt } = await login.json();
    const clients = await connectClients(base, clientCount, jwt);
    let coldResult = null;
    if (cold) {
      const coldStartAfterAnswerMs = Math.round(performance.now() - answeredAt);
      await server.probe(); // the probe's window: from here
      coldResult = await drive({
        rate,
        durationS: coldS,
        requests: cold,
        clients,
        label: 'cold',
        drainMs: 0,
        seriesFile: args.series && `${args.series}.run${run}.cold.json`,
      });
      const eld = await server.probe();
      Object.assign(coldResult, {
        startsAfterFirstAnswerMs: coldStartAfterAnswerMs,
        serverEldP99Ms: eld.eldP99Ms,
        serverEldMaxMs: eld.eldMaxMs,
      });
    }
    // The warm-up runs straight into the measured window (no idle gap).
    await drive({ rate, durationS: warmupS, requests: warm, drainMs: 0 });
    let rssPeak = rssMiB(server.child.pid);
    // One RSS sample every 10 s of the window too: a leak shows as a rising series, a cache or
    // PGlite's WASM heap as one that levels off.
    const rssSeries = [];
    let rssTicks = 0;
    const rssTimer = setInterval(() => {
      const now = rssMiB(server.child.pid);
      rssPeak = Math.max(rssPeak, now);
      if (rssTicks++ % 20 === 0) rssSeries.push(Math.round(now));
    }, 500);
    const pgCpu = () =>
      server.pinner ? [...server.pinner.pinned].reduce((sum, pid) => sum + (cpuMs(pid) || 0), 0) : NaN;
    const pgCpu0 = pgCpu();
    await server.probe(); // start of the event-loop window
    const t0 = performance.now();
    const busy0 = machineBusyMs();
    const self0 = process.cpuUsage();
    const result = await drive({
      rate,
      durationS,
      requests: measured,
      clients,
      drainMs: 0,
      seriesFile: args.series && `${args.series}.run${run}.json`,
    });
    const windowMs = performance.now() - t0;
    const eld = await server.probe();
    const pgCpuMs = pgCpu() - pgCpu0;
    const busyMs = machineBusyMs() - busy0;
    const selfCpu = process.cpuUsage(self0);
    const generatorCpuMs = (selfCpu.user + selfCpu.system) / 1000;
    await sleep(Number(args['drain-ms']));
    Object.assign(result, clients.report());
    if (coldResult) Object.assign(coldResult, clients.report('cold'));
    clearInterval(rssTimer);
    clients.close();
    return {
      ...result,
      serverEldP50Ms: eld.eldP50Ms,
      serverEldP99Ms: eld.eldP99Ms,
      serverEldMaxMs: eld.eldMaxMs,
      serverCpuPct: r1((100 * eld.cpuMs) / windowMs),
      postgresBackendsCpuPct: r1((100 * pgCpuMs) / windowMs),
      serverRssPeakMiB: Math.round(rssPeak),
      serverRssMiBEvery10s: rssSeries,
      generatorCpuPct: r1((100 * generatorCpuMs) / windowMs),
      // Everything else the machine ran meanwhile (other people's work, kernel, shared PostgreSQL
      // processes), in % of one core: a run with much of it is not comparable with a quiet one.
      otherCpuPct: r1((100 * (busyMs - eld.cpuMs - (pgCpuMs || 0) - generatorCpuMs)) / windowMs),
      cold: coldResult,
    };
  } finally {
    closeConnections();
    await server.stop();
  }
}

const ratio = (a, b) => (Number.isFinite(a) && Number.isFinite(b) && b > 0 ? r1(a / b) : NaN);

async function main() {
  await reportRuns({
    runs: Number(args.runs),
    out: args.out,
    oneRun: async (run) => {
      const r = {
        date: new Date().toISOString(),
        db: args.db,
        rate,
        durationS,
        clients: clientCount,
        pinned: pin,
        nice: nice ?? 0,
      };
      r.machineBusyBeforePct = await waitForQuiet();
      if (!args['no-baselines']) {
        r.pgInsertBaseline = await pgInsertBaseline();
        r.socketIoBaseline = clientCount > 0 ? await socketIoBaseline() : null;
      }
      r.accueil = await accueilRun(run);
      if (r.pgInsertBaseline)
        r.ratios = {
          webhookP50VsInsertP50: ratio(r.accueil.p50Ms, r.pgInsertBaseline.p50Ms),
          webhookP99VsInsertP99: ratio(r.accueil.p99Ms, r.pgInsertBaseline.p99Ms),
        };
      if (r.socketIoBaseline)
        Object.assign(r.ratios, {
          eventP50VsBareSocketIo: ratio(r.accueil.eventP50Ms, r.socketIoBaseline.eventP50Ms),
          eventP99VsBareSocketIo: ratio(r.accueil.eventP99Ms, r.socketIoBaseline.eventP99Ms),
        });
      return r;
    },
  });
}

main().catch((e) => {
  console.error(e);
  process.exitCode = 1;
});
