#!/usr/bin/env node
// Fan-out benchmark: 2,000 authenticated Socket.IO clients over 200 teams in 20
// organisations while signed Twilio inbound webhooks arrive at 200/s, spread over the teams.
// Measures webhook received → `message:created` at every client of the team (p50/p99, from the
// time each webhook was due: open loop), lost / duplicated / misrouted (client, message) pairs,
// server RSS, event-loop delay and CPU; and, in the same run, the same load on a bare Socket.IO
// server with the same clients and rooms (baselines/socketio-rooms-server.mjs).
// Not a test: run it by hand (under `flock /tmp/accueil-bench.lock`), record docs/benchmarks.md.
//
//   node scripts/bench/fan-out.mjs [--rate 200] [--duration 60] [--orgs 20] [--teams-per-org 10]
//     [--users-per-team 10] [--runs 3] [--client-procs 4] [--no-pin] [--no-baseline] [--out f.jsonl]
//
// PostgreSQL only (database --pg-db, dropped and created per run): the tenants are written
// straight into it (lib/bench-tenants.mjs), one access token per user, no sign-in. With pinning
// (default on ≥ 2 cores) the server and its PostgreSQL backends run on core 0, this generator and
// the client processes on core 1.
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { BENCH_JWT_SECRET, nodeBin, startAccueil, startBareSocketIo } from './lib/accueil-server.mjs';
import { createBenchTenants, teamNumber } from './lib/bench-tenants.mjs';
import { closeConnections, post } from './lib/http-post.mjs';
import { runOpenLoop, summariseLoop } from './lib/open-loop.mjs';
import { canPin, pinPid, rssMiB } from './lib/pinning.mjs';
import { startSwarm } from './lib/socket-swarm.mjs';
import { maxOf, pct, r1, reportRuns } from './lib/stats.mjs';
import { messageSid, signedInboundSms } from './lib/twilio-webhook.mjs';

const { values: args } = parseArgs({
  options: {
    rate: { type: 'string', default: '200' },
    duration: { type: 'string', default: '60' },
    warmup: { type: 'string', default: '5' },
    orgs: { type: 'string', default: '20' },
    'teams-per-org': { type: 'string', default: '10' },
    'users-per-team': { type: 'string', default: '10' },
    runs: { type: 'string', default: '1' },
    port: { type: 'string', default: '3600' },
    'pg-db': { type: 'string', default: 'accueil_g_fanout' },
    'client-procs': { type: 'string', default: '4' },
    'drain-ms': { type: 'string', default: '3000' },
    'no-pin': { type: 'boolean', default: false },
    'no-baseline': { type: 'boolean', default: false },
    out: { type: 'string' },
  },
});
const rate = Number(args.rate);
const durationS = Number(args.duration);
const orgs = Number(args.orgs);
const teamsPerOrg = Number(args['teams-per-org']);
const usersPerTeam = Number(args['users-per-team']);
const teamCount = orgs * teamsPerOrg;
const port = Number(args.port);
const pin = !args['no-pin'] && canPin();
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const hrMs = () => Number(process.hrtime.bigint()) / 1e6;
const log = (what) => process.stderr.write(`[fan-out ${new Date().toISOString().slice(11, 19)}] ${what}\n`);
if (pin) pinPid(process.pid, 1);

/** A signed inbound webhook: text `n` (body `<prefix> n`) to team n mod teams, from one of 50 numbers per team. */
function webhook(url, prefix, n) {
  const from = `+1514556${String(Math.floor(n / teamCount) % 50).padStart(4, '0')}`;
  return signedInboundSms({
    url,
    sid: messageSid(prefix, n),
    from,
    to: teamNumber(n % teamCount),
    body: `${prefix} ${n}`,
  });
}

/** Fixed-rate load of `durationS` with requests from `prepare(i)`; resolves the loop result and due times (hrtime ms). */
async function load(durationS, prepare) {
  const total = Math.round(rate * durationS);
  const requests = Array.from({ length: total }, (_, i) => prepare(i));
  const offset = hrMs() - performance.now();
  const res = await runOpenLoop({
    rate,
    durationS,
    send: (i) => post(requests[i].url, requests[i].headers, requests[i].body),
  });
  return { res, dueHr: res.due.map((d) => d + offset) };
}

/** Event latency and delivery counts from the swarm's receipts (client, n, ms) against the due times. */
function deliveries(receipts, dueHr, clientTeam) {
  const total = dueHr.length;
  const seen = new Uint8Array(clientTeam.length * total);
  const latencies = [];
  let duplicated = 0;
  let misrouted = 0;
  for (let j = 0; j < receipts.length; j += 3) {
    const [c, n, t] = [receipts[j], receipts[j + 1], receipts[j + 2]];
    if (n >= total) continue;
    if (clientTeam[c] !== n % teamCount) misrouted++;
    else if (seen[c * total + n]++ > 0) duplicated++;
    else latencies.push(t - dueHr[n]);
  }
  const expected = total * usersPerTeam;
  // Per second of the run: is a bad p99 one stall or spread over the run?
  const perSecond = new Map();
  for (let j = 0; j < receipts.length; j += 3) {
    const n = receipts[j + 1];
    if (n >= total || clientTeam[receipts[j]] !== n % teamCount) continue;
    const second = Math.floor(n / rate);
    if (!perSecond.has(second)) perSecond.set(second, []);
    perSecond.get(second).push(receipts[j + 2] - dueHr[n]);
  }
  const secondP99s = [...perSecond.entries()]
    .map(([second, xs]) => ({ second, p99Ms: r1(pct(xs, 99)) }))
    .sort((a, b) => b.p99Ms - a.p99Ms);
  const stalls = {
    secondsOverP99Target: secondP99s.filter((x) => x.p99Ms > 100).length,
    worstSeconds: secondP99s.slice(0, 3),
  };
  return {
    stalls,
    eventP50Ms: r1(pct(latencies, 50)),
    eventP99Ms: r1(pct(latencies, 99)),
    eventMaxMs: r1(maxOf(latencies)),
    expectedClientEvents: expected,
    lostClientEvents: expected - latencies.length,
    duplicatedClientEvents: duplicated,
    misroutedClientEvents: misrouted,
  };
}

/** One measured phase against `base`: warm-up, reset, load, drain, report. */
async function measure(swarm, prepareFor, clientTeam, around = {}) {
  await load(Number(args.warmup), prepareFor('warm'));
  await sleep(1000);
  await swarm.reset();
  await around.before?.();
  const { res, dueHr } = await load(durationS, prepareFor('fan'));
  const during = await around.after?.();
  await sleep(Number(args['drain-ms']));
  const report = await swarm.report();
  return {
    ...summariseLoop(res),
    ...deliveries(report.receipts, dueHr, clientTeam),
    disconnects: report.disconnects,
    ...during,
  };
}

async function baselineRun(clientTeam) {
  const server = await startBareSocketIo({ port: port + 1, pin });
  const { base } = server;
  const swarm = startSwarm({ procs: Number(args['client-procs']), nodeBin, pinTo: pin ? 1 : null });
  try {
    log('bare Socket.IO baseline');
    const conn = await swarm.connect(
      base,
      clientTeam.map((team) => ({ token: String(team) })),
      200,
    );
    if (conn.failed)
      throw new Error(`baseline: ${conn.failed} clients failed to connect: ${conn.errors.join('; ')}`);
    const prepareFor = (prefix) => (n) => ({
      url: `${base}/broadcast?i=${n}&room=${n % teamCount}&p=${prefix}`,
      headers: { 'content-type': 'text/plain' },
      body: prefix === 'fan' ? 'x' : 'w',
    });
    // The bare server emits `fan <n>` for every POST: warm-up numbers are past the measured range.
    const warmFor = (prefix) => (prefix === 'warm' ? (n) => prepareFor('warm')(n + 1e7) : prepareFor(prefix));
    return await measure(swarm, warmFor, clientTeam);
  } finally {
    await swarm.close();
    closeConnections();
    await server.stop();
  }
}

async function accueilRun() {
  const accueil = await startAccueil({ port, pgDb: args['pg-db'], pin });
  const swarm = startSwarm({ procs: Number(args['client-procs']), nodeBin, pinTo: pin ? 1 : null });
  try {
    log('server up; writing tenants');
    const { users } = await createBenchTenants({
      dbUrl: accueil.dbUrl,
      jwtSecret: BENCH_JWT_SECRET,
      orgs,
      teamsPerOrg,
      usersPerTeam,
    });
    const clientTeam = users.map((u) => u.team);
    await sleep(500);
    const rssBeforeClientsMiB = r1((await accueil.probe()).rssBytes / 2 ** 20);
    log(`connecting ${users.length} clients`);
    const conn = await swarm.connect(accueil.base, users, 100);
    log(`connected in ${conn.ms} ms; warm-up and load`);
    if (conn.failed) throw new Error(`${conn.failed} clients failed to connect: ${conn.errors.join('; ')}`);
    const rssWithClientsMiB = r1((await accueil.probe()).rssBytes / 2 ** 20);
    const url = `${accueil.base}/api/webhooks/twilio/messaging`;
    let rssPeak = 0;
    let timer;
    const around = {
      before: async () => {
        await accueil.probe();
        timer = setInterval(() => (rssPeak = Math.max(rssPeak, rssMiB(accueil.pid))), 500);
      },
      after: async () => {
        clearInterval(timer);
        const p = await accueil.probe();
        return {
          serverEldP50Ms: p.eldP50Ms,
          serverEldP99Ms: p.eldP99Ms,
          serverEldMaxMs: p.eldMaxMs,
          serverCpuPct: r1((100 * p.cpuMs) / (durationS * 1000)),
          serverRssPeakMiB: Math.round(rssPeak),
        };
      },
    };
    const result = await measure(swarm, (prefix) => (n) => webhook(url, prefix, n), clientTeam, around);
    return {
      clients: users.length,
      connectMs: conn.ms,
      rssBeforeClientsMiB,
      rssWithClientsMiB,
      ...result,
      clientTeam,
    };
  } finally {
    await swarm.close();
    closeConnections();
    await accueil.stop();
  }
}

const ratio = (a, b) => (Number.isFinite(a) && Number.isFinite(b) && b > 0 ? r1(a / b) : NaN);

async function main() {
  await reportRuns({
    runs: Number(args.runs),
    out: args.out,
    oneRun: async () => {
      const r = {
        date: new Date().toISOString(),
        rate,
        durationS,
        orgs,
        teams: teamCount,
        clients: teamCount * usersPerTeam,
        pinned: pin,
      };
      const { clientTeam, ...accueil } = await accueilRun();
      r.accueil = accueil;
      if (!args['no-baseline']) {
        r.bareSocketIo = await baselineRun(clientTeam);
        r.ratios = {
          eventP50VsBare: ratio(accueil.eventP50Ms, r.bareSocketIo.eventP50Ms),
          eventP99VsBare: ratio(accueil.eventP99Ms, r.bareSocketIo.eventP99Ms),
        };
      }
      return r;
    },
  });
}

main().catch((e) => {
  console.error(e);
  process.exitCode = 1;
});
