#!/usr/bin/env node
// Rate limits benchmark: does one organisation's burst cost another organisation
// anything? Organisation B's users send texts at a steady rate within their allowance, first
// alone, then while organisation A's users send at 10× their allowance (most answered 429), then
// while a client signs in at 10× the per-IP sign-in limit. Reports B's send latency p50/p99 in
// each phase (and the ratio to the quiet phase), B's non-2xx (should be 0), and A's answers.
// Not a test: run it by hand (under `flock /tmp/accueil-bench.lock`), record docs/benchmarks.md.
//
//   node scripts/bench/rate-limits.mjs [--duration 30] [--b-rate 5] [--runs 3] [--redis] [--no-pin]
//
// Server: sandbox carrier, PostgreSQL database --pg-db, default limits (60 texts per user and 600
// per organisation per minute, 30 sign-ins per IP per minute); with --redis the counters are in
// Redis (REDIS_URL=redis://127.0.0.1:6379), otherwise in the server's memory. Each organisation
// has 10 users; B sends `--b-rate`/s in all (0.5/s per user: half their allowance), A's burst is
// 10 × 600/min = 100/s, the sign-in burst 10 × 30/min = 5/s.
import { parseArgs } from 'node:util';
import { BENCH_JWT_SECRET, startAccueil } from './lib/accueil-server.mjs';
import { createBenchTenants } from './lib/bench-tenants.mjs';
import { closeConnections, post } from './lib/http-post.mjs';
import { runOpenLoop, summariseLoop } from './lib/open-loop.mjs';
import { canPin, pinPid } from './lib/pinning.mjs';
import { r1, reportRuns } from './lib/stats.mjs';

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '30' },
    'b-rate': { type: 'string', default: '5' },
    'a-rate': { type: 'string', default: '100' },
    'login-rate': { type: 'string', default: '5' },
    runs: { type: 'string', default: '1' },
    port: { type: 'string', default: '3620' },
    'pg-db': { type: 'string', default: 'accueil_g_ratelimits' },
    redis: { type: 'boolean', default: false },
    'no-pin': { type: 'boolean', default: false },
    out: { type: 'string' },
  },
});
const durationS = Number(args.duration);
const pin = !args['no-pin'] && canPin();
const log = (what) =>
  process.stderr.write(`[rate-limits ${new Date().toISOString().slice(11, 19)}] ${what}\n`);
if (pin) pinPid(process.pid, 1);

/** Fixed-rate POSTs of `prepare(i)` for durationS; the summary plus the count of each status. */
async function loop(rate, prepare) {
  const requests = Array.from({ length: Math.round(rate * durationS) }, (_, i) => prepare(i));
  const res = await runOpenLoop({
    rate,
    durationS,
    send: (i) => post(requests[i].url, requests[i].headers, requests[i].body),
  });
  const statuses = {};
  for (const s of res.statuses) statuses[s] = (statuses[s] ?? 0) + 1;
  const { p50Ms, p99Ms, maxMs, non2xx, networkErrors, generatorLagP99Ms } = summariseLoop(res);
  return { p50Ms, p99Ms, maxMs, non2xx, networkErrors, generatorLagP99Ms, statuses };
}

async function oneRun() {
  const accueil = await startAccueil({
    port: Number(args.port),
    pgDb: args['pg-db'],
    pin,
    env: { MESSAGING_CARRIER: 'sandbox', ...(args.redis ? { REDIS_URL: 'redis://127.0.0.1:6379' } : {}) },
  });
  try {
    const { users } = await createBenchTenants({
      dbUrl: accueil.dbUrl,
      jwtSecret: BENCH_JWT_SECRET,
      orgs: 2,
      teamsPerOrg: 1,
      usersPerTeam: 10,
    });
    // One conversation per user (it counts one send against the allowances, far below them).
    const convs = [];
    for (const [i, u] of users.entries()) {
      const headers = { 'content-type': 'application/json', authorization: `Bearer ${u.token}` };
      const res = await fetch(`${accueil.base}/api/conversations`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ to: `+1514556${String(9000 + i)}`, body: 'Bonjour' }),
      });
      if (res.status !== 201) throw new Error(`conversation: ${res.status} ${await res.text()}`);
      convs.push({ headers, url: `${accueil.base}/api/conversations/${(await res.json()).id}/messages` });
    }
    const orgA = convs.slice(0, 10);
    const orgB = convs.slice(10, 20);
    const send = (list, prefix) => (i) => ({
      ...list[i % list.length],
      body: JSON.stringify({ body: `${prefix} ${i}` }),
    });
    const bRate = Number(args['b-rate']);
    log('B alone');
    const quiet = await loop(bRate, send(orgB, 'quiet'));
    log('B during A burst');
    const [duringBurst, burst] = await Promise.all([
      loop(bRate, send(orgB, 'during')),
      loop(Number(args['a-rate']), send(orgA, 'burst')),
    ]);
    log('B during sign-in burst');
    const loginReq = () => ({
      url: `${accueil.base}/api/auth/login`,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: `nobody-${Math.random()}`, password: 'x' }),
    });
    const [duringLogins, logins] = await Promise.all([
      loop(bRate, send(orgB, 'login')),
      loop(Number(args['login-rate']), loginReq),
    ]);
    return {
      date: new Date().toISOString(),
      durationS,
      counters: args.redis ? 'redis' : 'memory',
      pinned: pin,
      orgBQuiet: quiet,
      orgBDuringSendBurst: duringBurst,
      orgASendBurst: burst,
      orgBDuringSignInBurst: duringLogins,
      signInBurst: logins,
      ratios: {
        bP50BurstVsQuiet: r1(duringBurst.p50Ms / quiet.p50Ms),
        bP99BurstVsQuiet: r1(duringBurst.p99Ms / quiet.p99Ms),
        bP50SignInVsQuiet: r1(duringLogins.p50Ms / quiet.p50Ms),
        bP99SignInVsQuiet: r1(duringLogins.p99Ms / quiet.p99Ms),
      },
    };
  } finally {
    closeConnections();
    await accueil.stop();
  }
}

async function main() {
  await reportRuns({ runs: Number(args.runs), out: args.out, oneRun: () => oneRun() });
}

main().catch((e) => {
  console.error(e);
  process.exitCode = 1;
});
