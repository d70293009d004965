#!/usr/bin/env node
// Benchmark (issue 3 "Ingest"): signed Twilio inbound webhooks at a fixed rate into an Accueil
// server while N Socket.IO clients of the receiving team listen, next to the baselines of the
// same run: a bare single-row INSERT loop and a bare Socket.IO broadcast server.
// Not a test: run it by hand and record the result in docs/benchmarks.md.
//
//   node scripts/bench/inbound-sms.mjs --db postgres|pglite --rate 1000 --duration 60 \
//     [--clients 50] [--runs 3] [--no-pin] [--no-baselines] [--profile /tmp/prof] [--out results.jsonl]
//     [--server-dir /tmp/older-checkout] [--port 3450] [--pg-db accueil_bench_d] [--nice=-10]
//     [--quiet-pct 40 --quiet-wait-s 300]   (wait for the machine to be quiet before each run)
//     [--server-node-args='--trace-gc --max-semi-space-size=32']   (extra flags for the server's node)
//     [--pg-core 1]   (the PostgreSQL backends on the generator's core instead of the server's: a diagnostic)
//     [--series /tmp/lat]   (writes /tmp/lat.runN.json: latency per 100 ms window, see open-loop.mjs)
//
// Each run starts its own server (twilio carrier, demo data, LOG_LEVEL=warn, fresh database:
// PGlite in a temporary folder or PostgreSQL database --pg-db) with `node --import tsx` and the
// event-loop probe (server-probe.mjs, without --expose-gc: no forced GC). With pinning (default on ≥ 2 cores) the server, the
// baselines and the PostgreSQL backends of their databases run on core 0, this generator and its
// clients on core 1. Reports per run and the median of the runs: webhook latency from the time
// each request was due (open loop), achieved send rate and generator lag, client-event latency,
// lost/duplicated events, non-2xx, server event-loop delay and CPU, PostgreSQL backends' CPU.
import { execFileSync, execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { parseArgs } from 'node:util';
import twilio from 'twilio';
import { connectClients } from './lib/clients.mjs';
import { drive, prepareAhead } from './lib/drive.mjs';
import { closeConnections } from './lib/http-post.mjs';
import { canPin, cpuMs, keepPostgresPinned, machineBusyMs, onCore, pinPid, renice, rssMiB } from './lib/pinning.mjs';
import { start, stop, waitForHttp } from './lib/server-process.mjs';
import { r1, reportRuns } from './lib/stats.mjs';

const { values: args } = parseArgs({
  options: {
    db: { type: 'string', default: 'pglite' },
    rate: { type: 'string', default: '100' },
    duration: { type: 'string', default: '20' },
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
const warmupS = Number(args.warmup);
const clientCount = Number(args.clients);
const port = Number(args.port);
const pin = !args['no-pin'] && canPin();
// A negative niceness for every measured process (server, baselines, their PostgreSQL backends,
// this generator): on a machine shared with other work, the benchmark then gets the cores.
const nice = args.nice ? Number(args.nice) : undefined;
const repo = new URL('../..', import.meta.url).pathname;
const nodeBin = join(repo, 'node_modules/.bin/node');
// Another checkout of the server to measure (A/B against an earlier commit: `git archive`
// into a folder, with node_modules linked to this repository's).
const serverDir = args['server-dir'] ?? repo;
const authToken = 'bench-auth-token-0123456789abcdef';
const accountSid = 'AC00000000000000000000000000000001';
const teamNumber = '+15145550100'; // demo "Clinique Démo" / Principal
// The public URL Twilio calls in production: https on its default port, behind a proxy. The
// signature is over this URL, as Twilio's is (`twilio.validateRequest` then matches on its first
// candidate; with an explicit port, as http://127.0.0.1:3450 was, it matched only on its second,
// after a first HMAC that could not match).
const publicUrl = 'https://accueil.example.test';
const psql = (sql) => execFileSync('psql', ['-h', '127.0.0.1', '-U', 'postgres', '-d', 'postgres', '-qc', sql]);
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
  const argv = [...onCore(0, pin, nice), nodeBin, join(repo, 'scripts/bench/baselines/pg-insert.mjs'), '--db', args.db, '--rate', String(rate), '--duration', String(durationS), '--pg-db', `${args['pg-db']}_base`];
  const pinner = pin && args.db === 'postgres' ? keepPostgresPinned(`${args['pg-db']}_base`, 0, { nice }) : null;
  try {
    const { stdout } = await promisify(execFile)(argv[0], argv.slice(1), { cwd: repo, maxBuffer: 1 << 20 });
    return JSON.parse(stdout.trim().split('\n').pop());
  } finally {
    pinner?.stop();
  }
}

/** The bare Socket.IO broadcast server on core 0, driven like the webhook. */
async function socketIoBaseline() {
  const base = `http://127.0.0.1:${port + 1}`;
  const server = start([...onCore(0, pin, nice), nodeBin, join(repo, 'scripts/bench/baselines/socketio-rooms-server.mjs')], { ...process.env, PORT: String(port + 1) }, repo);
  try {
    await waitForHttp(`${base}/health`);
    const clients = await connectClients(base, clientCount);
    const prepare = (prefix) => (i) => ({ url: `${base}/broadcast?i=${prefix}${i}&label=bench`, headers: { 'content-type': 'text/plain' }, body: 'x' });
    await drive({ rate, durationS: warmupS, prepare: prepare('w'), drainMs: 500 });
    const result = await drive({ rate, durationS, prepare: prepare(''), clients, drainMs: Number(args['drain-ms']) });
    clients.close();
    return result;
  } finally {
    closeConnections();
    await stop(server);
  }
}

/** A signed inbound webhook for message `tag`, as Twilio sends it. */
function webhook(url, signedUrl, tag, i) {
  const sid = `SM${tag}${String(i).padStart(32 - tag.length, '0')}`;
  const params = {
    MessageSid: sid, SmsSid: sid, SmsMessageSid: sid, AccountSid: accountSid, From: `+1514555${String(2000 + (i % 200)).padStart(4, '0')}`, To: teamNumber,
    Body: tag === 'b' ? `bench ${i}` : `warm ${i}`, NumMedia: '0', NumSegments: '1', SmsStatus: 'received', ApiVersion: '2010-04-01',
  };
  const headers = { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': twilio.getExpectedTwilioSignature(authToken, signedUrl, params) };
  return { url, headers, body: new URLSearchParams(params).toString() };
}

/** One Accueil run: start, warm up, measure, stop. */
async function accueilRun(run) {
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'accueil-bench-'));
  const eldFile = join(dataDir, 'eld.json');
  const env = {
    ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', SEED_DEMO: 'true', DATA_DIR: dataDir, BENCH_PROBE_FILE: eldFile,
    MESSAGING_CARRIER: 'twilio', TWILIO_ACCOUNT_SID: accountSid, TWILIO_AUTH_TOKEN: authToken, PUBLIC_URL: publicUrl,
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-42',
  };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  if (args.db === 'postgres') {
    psql(`DROP DATABASE IF EXISTS ${args['pg-db']} WITH (FORCE)`);
    psql(`CREATE DATABASE ${args['pg-db']}`);
    env.DATABASE_URL = `postgres://postgres@127.0.0.1:5432/${args['pg-db']}`;
  }
  const prof = args.profile ? ['--cpu-prof', '--cpu-prof-dir', join(args.profile, `${args.db}-${rate}-run${run}`)] : [];
  const argv = [...onCore(0, pin, nice), nodeBin, '--import', 'tsx', '--import', join(repo, 'scripts/bench/server-probe.mjs'), ...prof, ...args['server-node-args'].split(' ').filter(Boolean), 'apps/server/src/main.ts'];
  const server = start(argv, env, serverDir);
  const pinner = pin && args.db === 'postgres' ? keepPostgresPinned(args['pg-db'], Number(args['pg-core']), { nice }) : null;
  try {
    await waitForHttp(`${base}/api/config`);
    const login = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: 'Demo-Accueil-2026' }) });
    if (!login.ok) throw new Error(`login failed ${login.status}`);
    const { jwt } = await login.json();
    const clients = await connectClients(base, clientCount, jwt);
    const url = `${base}/api/webhooks/twilio/messaging`;
    const signedUrl = `${publicUrl}/api/webhooks/twilio/messaging`;
    // Signed before the warm-up, which then runs straight into the measured window (no idle gap).
    const measured = prepareAhead(rate, durationS, (i) => webhook(url, signedUrl, 'b', i));
    await drive({ rate, durationS: warmupS, prepare: (i) => webhook(url, signedUrl, 'w', i), drainMs: 0 });
    let rssPeak = rssMiB(server.pid);
    // One RSS sample every 10 s of the window too: a leak shows as a rising series, a cache or
    // PGlite's WASM heap as one that levels off.
    const rssSeries = [];
    let rssTicks = 0;
    const rssTimer = setInterval(() => {
      const now = rssMiB(server.pid);
      rssPeak = Math.max(rssPeak, now);
      if (rssTicks++ % 20 === 0) rssSeries.push(Math.round(now));
    }, 500);
    const pgCpu = () => (pinner ? [...pinner.pinned].reduce((sum, pid) => sum + (cpuMs(pid) || 0), 0) : NaN);
    const pgCpu0 = pgCpu();
    server.kill('SIGUSR2'); // start of the event-loop window
    const t0 = performance.now();
    const busy0 = machineBusyMs();
    const self0 = process.cpuUsage();
    const result = await drive({ rate, durationS, requests: measured, clients, drainMs: 0, seriesFile: args.series && `${args.series}.run${run}.json` });
    const windowMs = performance.now() - t0;
    server.kill('SIGUSR2');
    const pgCpuMs = pgCpu() - pgCpu0;
    const busyMs = machineBusyMs() - busy0;
    const selfCpu = process.cpuUsage(self0);
    const generatorCpuMs = (selfCpu.user + selfCpu.system) / 1000;
    await sleep(Number(args['drain-ms']));
    Object.assign(result, clients.report());
    clearInterval(rssTimer);
    clients.close();
    const eld = JSON.parse(readFileSync(eldFile, 'utf8'));
    return { ...result, serverEldP50Ms: eld.eldP50Ms, serverEldP99Ms: eld.eldP99Ms, serverEldMaxMs: eld.eldMaxMs, serverCpuPct: r1((100 * eld.cpuMs) / windowMs), postgresBackendsCpuPct: r1((100 * pgCpuMs) / windowMs), serverRssPeakMiB: Math.round(rssPeak), serverRssMiBEvery10s: rssSeries,
      generatorCpuPct: r1((100 * generatorCpuMs) / windowMs),
      // Everything else the machine ran meanwhile (other people's work, kernel, shared PostgreSQL
      // processes), in % of one core: a run with much of it is not comparable with a quiet one.
      otherCpuPct: r1((100 * (busyMs - eld.cpuMs - (pgCpuMs || 0) - generatorCpuMs)) / windowMs),
    };
  } finally {
    pinner?.stop();
    closeConnections();
    await stop(server);
    rmSync(dataDir, { recursive: true, force: true });
    if (args.db === 'postgres') psql(`DROP DATABASE IF EXISTS ${args['pg-db']} WITH (FORCE)`);
  }
}

const ratio = (a, b) => (Number.isFinite(a) && Number.isFinite(b) && b > 0 ? r1(a / b) : NaN);

async function main() {
  await reportRuns({
    runs: Number(args.runs),
    out: args.out,
    oneRun: async (run) => {
      const r = { date: new Date().toISOString(), db: args.db, rate, durationS, clients: clientCount, pinned: pin, nice: nice ?? 0 };
      r.machineBusyBeforePct = await waitForQuiet();
      if (!args['no-baselines']) {
        r.pgInsertBaseline = await pgInsertBaseline();
        r.socketIoBaseline = clientCount > 0 ? await socketIoBaseline() : null;
      }
      r.accueil = await accueilRun(run);
      if (r.pgInsertBaseline) r.ratios = { webhookP50VsInsertP50: ratio(r.accueil.p50Ms, r.pgInsertBaseline.p50Ms), webhookP99VsInsertP99: ratio(r.accueil.p99Ms, r.pgInsertBaseline.p99Ms) };
      if (r.socketIoBaseline) Object.assign(r.ratios, { eventP50VsBareSocketIo: ratio(r.accueil.eventP50Ms, r.socketIoBaseline.eventP50Ms), eventP99VsBareSocketIo: ratio(r.accueil.eventP99Ms, r.socketIoBaseline.eventP99Ms) });
      return r;
    },
  });
}

main().catch((e) => {
  console.error(e);
  process.exitCode = 1;
});
