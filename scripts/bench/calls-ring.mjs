#!/usr/bin/env node
// Sandbox calls through the real server: N concurrent calls from N scripted phone simulators to
// N teams (one staff member each), every staff member signed in with a session, connected to the
// realtime server and with a registered sandbox voice device, answering when `voice:incoming`
// arrives (lib/call-parties.mjs). Calls are dialled at --rate per second (open loop) and all stay
// up until the last is answered.
// Measured: ring (the phone's dial) → the answered event at the phone (`voice:updated` in
// progress) p50/p99, and its parts (dial → `voice:incoming` at the staff member, their answer →
// the answered event); with media (default: real werift legs on both ends, the server's media
// server bridging them), ring → two-way audio (each end received the other's first packet) and
// leg set-up; the server's memory (RSS, V8 heap, after a full collection: the probe) before the
// calls and with all N up, per call; the server's CPU over the calls' set-up, per call.
// Baseline in the same run: a bare Socket.IO server (baselines/socketio-rooms-server.mjs), N
// clients in their own rooms, one `POST /broadcast` → event per client at the same rate. Ring →
// answered holds two such hops (dial → incoming, answer → answered), so twice the baseline is its floor.
// The server runs from the sources on a fresh PostgreSQL database (--pg-db, dropped and created:
// never a shared one), its tenants written by SQL (lib/bench-tenants.mjs: sessions and their
// access tokens, as fan-out.mjs; signing in 200 users would meet the sign-in rate limit), the
// organisation open all week. Not a test: run by hand, record docs/benchmarks.md.
//
//   flock /tmp/accueil-bench.lock nice node --import tsx scripts/bench/calls-ring.mjs \
//     [--calls 200] [--rate 20] [--runs 3] [--signalling-only] [--port 3204] [--pg-db accueil_callbench] [--out f.jsonl]
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { BENCH_JWT_SECRET, startAccueil, startBareSocketIo } from './lib/accueil-server.mjs';
import { createBenchTenants, teamNumber } from './lib/bench-tenants.mjs';
import { connectPhone, connectSocket, connectStaff, timeline } from './lib/call-parties.mjs';
import { psql } from './lib/postgres.mjs';
import { pct, r1, reportRuns } from './lib/stats.mjs';

const { values: args } = parseArgs({
  options: {
    calls: { type: 'string', default: '200' },
    rate: { type: 'string', default: '20' },
    runs: { type: 'string', default: '3' },
    'signalling-only': { type: 'boolean', default: false },
    port: { type: 'string', default: '3204' },
    'pg-db': { type: 'string', default: 'accueil_callbench' },
    out: { type: 'string' },
  },
});
const CALLS = Number(args.calls);
const RATE = Number(args.rate);
const MEDIA = !args['signalling-only'];
const port = Number(args.port);
const pgDb = args['pg-db'];
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const log = (...m) => console.error(`[calls-ring] ${new Date().toISOString().slice(11, 19)} ${m.join(' ')}`);
/** The phone of caller i: +1 438 556-iiii (the teams are +1 438 555-kkkk). */
const callerNumber = (i) => `+1438556${String(i).padStart(4, '0')}`;
/** Open every day, all day: the call rings the team whatever the hour. */
const OPEN_ALL_WEEK = JSON.stringify({
  week: [0, 1, 2, 3, 4, 5, 6].map((day) => ({
    day,
    enabled: true,
    start: '00:00',
    end: '23:59',
    breaks: [],
  })),
  vacations: [],
});

/** p50/p99 of `xs` (ms, one decimal). */
const spread = (xs) => ({ p50: r1(pct(xs, 50)), p99: r1(pct(xs, 99)), n: xs.length });

/** Runs `start(i)` for i < n, the i-th due at t0 + i / RATE s; resolves with every outcome (allSettled). */
async function atRate(n, start) {
  const t0 = performance.now();
  return Promise.allSettled(
    Array.from({ length: n }, async (_, i) => {
      const wait = t0 + (i * 1000) / RATE - performance.now();
      if (wait > 0) await sleep(wait);
      return start(i);
    }),
  );
}

/** `count` at a time, so that hundreds of clients do not open in one burst. */
async function inBatches(n, count, make) {
  const out = [];
  for (let i = 0; i < n; i += count)
    out.push(...(await Promise.all(Array.from({ length: Math.min(count, n - i) }, (_, j) => make(i + j)))));
  return out;
}

/** The bare Socket.IO round trip: POST /broadcast → the event at the client of that room, at RATE. */
async function bareRoundTrip() {
  const bare = await startBareSocketIo({ port: port + 1 });
  try {
    const clients = await inBatches(CALLS, 50, (i) => connectSocket(bare.base, { token: `c${i}` }));
    const rtt = [];
    const once = async (i, label) => {
      const got = new Promise((resolve) => clients[i].once('message:created', resolve));
      const start = performance.now();
      await fetch(`${bare.base}/broadcast?i=${i}&room=c${i}&label=${label}`, { method: 'POST' });
      await got;
      return performance.now() - start;
    };
    await once(0, 'warm');
    for (const outcome of await atRate(CALLS, (i) => once(i, 'rt')))
      if (outcome.status === 'fulfilled') rtt.push(outcome.value);
    clients.forEach((c) => c.close());
    return spread(rtt);
  } finally {
    await bare.stop();
  }
}

/** The measured numbers of the answered calls `ids`, from lib/call-parties.mjs's timeline. */
function summarise(ids) {
  const m = ids.map((id) => timeline.get(id));
  const of = (f) => spread(m.map(f).filter(Number.isFinite));
  const out = {
    ringToAnsweredMs: of((t) => t.answeredAt - t.dialAt),
    ringToIncomingMs: of((t) => t.incomingAt - t.dialAt),
    answerToAnsweredMs: of((t) => t.answeredAt - t.answerSentAt),
  };
  if (MEDIA) {
    Object.assign(out, {
      ringToTwoWayAudioMs: of((t) => Math.max(t.callerHeardAgentAt, t.agentHeardCallerAt) - t.dialAt),
      answeredToTwoWayAudioMs: of((t) => Math.max(t.callerHeardAgentAt, t.agentHeardCallerAt) - t.answeredAt),
      callerLegMs: of((t) => t.callerLegAt - t.dialAt),
      agentLegMs: of((t) => t.agentLegAt - t.answerSentAt),
    });
  }
  return out;
}

const mib = (bytes) => r1(bytes / 2 ** 20);
const kib = (bytes) => r1(bytes / 1024);

async function oneRun(run) {
  const loadBefore = r1(loadavg()[0]);
  log(`run ${run}: bare Socket.IO baseline`);
  const bare = await bareRoundTrip();
  log(`run ${run}: server, ${CALLS + 1} teams`);
  const server = await startAccueil({
    port,
    db: 'postgres',
    pgDb,
    env: { MESSAGING_CARRIER: 'sandbox', VOICE_CARRIER: 'sandbox' },
    readyTimeoutS: 180,
  });
  const closers = [];
  try {
    const { users } = await createBenchTenants({
      dbUrl: server.dbUrl,
      jwtSecret: BENCH_JWT_SECRET,
      orgs: 1,
      teamsPerOrg: CALLS + 1,
      usersPerTeam: 1,
    });
    psql(pgDb, `UPDATE organizations SET schedule = '${OPEN_ALL_WEEK}'::jsonb WHERE name LIKE 'Bench %'`);
    const staff = await inBatches(users.length, 20, (i) =>
      connectStaff(server.base, users[i].token, { media: MEDIA }),
    );
    const phones = await inBatches(CALLS + 1, 50, (i) => connectPhone(server.base, callerNumber(i)));
    closers.push(...staff, ...phones);
    await sleep(500); // the phones' `watch` joined their rooms
    // Warm-up (not measured): the first call synthesises the greeting and loads the codecs.
    const warm = phones[CALLS];
    await warm.hangUp(await warm.call(teamNumber(CALLS), { media: MEDIA }));
    await sleep(1000);
    timeline.clear();
    const before = await server.probe();
    log(`run ${run}: ${CALLS} calls at ${RATE}/s (${MEDIA ? 'werift media legs' : 'signalling only'})`);
    const t0 = performance.now();
    const outcomes = await atRate(CALLS, (i) => phones[i].call(teamNumber(i), { media: MEDIA }));
    const allUpMs = performance.now() - t0;
    const ids = outcomes.filter((o) => o.status === 'fulfilled').map((o) => o.value);
    const failures = outcomes
      .filter((o) => o.status === 'rejected')
      .map((o) => String(o.reason).slice(0, 200));
    await sleep(2000);
    const up = await server.probe();
    const loadDuring = r1(loadavg()[0]);
    log(`run ${run}: ${ids.length} answered, hanging up`);
    await Promise.allSettled(
      outcomes.map((o, i) => (o.status === 'fulfilled' ? phones[i].hangUp(o.value) : null)),
    );
    const callsUp = ids.length;
    const result = {
      date: new Date().toISOString(),
      calls: CALLS,
      rate: RATE,
      media: MEDIA ? 'werift legs' : 'signalling only',
      answered: callsUp,
      failures: failures.length,
      firstFailures: failures.slice(0, 3),
      staffErrors: staff.flatMap((s) => s.errors).slice(0, 3),
      loadAverage: { before: loadBefore, during: loadDuring },
      allUpS: r1(allUpMs / 1000),
      ...summarise(ids),
      bareSocketIoRoundTripMs: bare,
      ratio: {
        ringToAnsweredP50VsBare: r1(
          pct(
            ids.map((id) => timeline.get(id).answeredAt - timeline.get(id).dialAt),
            50,
          ) / bare.p50,
        ),
      },
      server: {
        rssBeforeMiB: mib(before.rssBytes),
        rssWithCallsMiB: mib(up.rssBytes),
        heapBeforeMiB: mib(before.heapUsedBytes),
        heapWithCallsMiB: mib(up.heapUsedBytes),
        rssPerCallKiB: kib((up.rssBytes - before.rssBytes) / Math.max(1, callsUp)),
        heapPerCallKiB: kib((up.heapUsedBytes - before.heapUsedBytes) / Math.max(1, callsUp)),
        cpuMsPerCall: r1(up.cpuMs / Math.max(1, callsUp)),
        eldP99Ms: up.eldP99Ms,
        eldMaxMs: up.eldMaxMs,
      },
    };
    if (failures.length) log(`run ${run}: ${failures.length} failed, e.g. ${failures[0]}`);
    return result;
  } finally {
    closers.forEach((c) => c.close());
    await server.stop();
  }
}

await reportRuns({ runs: Number(args.runs), out: args.out, oneRun });
process.exit(0);
