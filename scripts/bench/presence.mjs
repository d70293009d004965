#!/usr/bin/env node
// Presence benchmark (collision warnings, docs/behaviour/notes-and-presence.md): 2,000 agents
// (Socket.IO clients) over 200 teams in 20 organisations, each with its team's conversation open
// and behaving like a person for --duration seconds: `conversation:viewing` when it opens (at a
// random moment of the first 15 s) and every 15 s after (the heartbeat), and typing spells of
// 3–8 s every 10–30 s during which it sends `conversation:typing` once a second (the web's
// throttle). Every event goes to the 9 other agents of the team (`conversation:activity`).
// Reports events/s delivered to agents, p50/p99 delivery latency (sent → received, target
// p99 < 100 ms), lost deliveries, and the server's CPU time; then the same agents and traffic
// against a bare Socket.IO relay in the same run (baselines/presence-relay-server.mjs; CPU
// target ≤ 3× the bare server's).
// Not a test: run it by hand on a quiet machine (under `flock /tmp/accueil-bench.lock`), record
// docs/benchmarks.md. A check that it runs: `--agents 100 --duration 20` (well under a minute).
//
//   node scripts/bench/presence.mjs [--agents 2000] [--teams 200] [--orgs 20] [--duration 60]
//     [--client-procs 4] [--port 3610] [--pg-db accueil_g_presence] [--no-pin] [--no-baseline]
//     [--runs 1] [--out f.jsonl]
//
// PostgreSQL only (database --pg-db, dropped and created per run): the tenants are written straight
// into it (lib/bench-tenants.mjs) with one conversation per team, one access token per agent (no
// sign-in). With pinning (default on ≥ 2 cores) the server and its PostgreSQL backends run on
// core 0, the agents' processes on core 1.
import { fork } from 'node:child_process';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { BENCH_JWT_SECRET, startAccueil, startBareSocketIo } from './lib/accueil-server.mjs';
import { createBenchTenants } from './lib/bench-tenants.mjs';
import { canPin, pinPid } from './lib/pinning.mjs';
import { request } from './lib/worker-request.mjs';
import { maxOf, pct, r1, reportRuns } from './lib/stats.mjs';

const { values: args } = parseArgs({
  options: {
    agents: { type: 'string', default: '2000' },
    teams: { type: 'string', default: '200' },
    orgs: { type: 'string', default: '20' },
    duration: { type: 'string', default: '60' },
    runs: { type: 'string', default: '1' },
    port: { type: 'string', default: '3610' },
    'pg-db': { type: 'string', default: 'accueil_g_presence' },
    'client-procs': { type: 'string', default: '4' },
    'no-pin': { type: 'boolean', default: false },
    'no-baseline': { type: 'boolean', default: false },
    out: { type: 'string' },
  },
});
const teams = Number(args.teams);
const orgs = Math.min(Number(args.orgs), teams);
const teamsPerOrg = Math.max(1, Math.round(teams / orgs));
const usersPerTeam = Math.max(2, Math.round(Number(args.agents) / (orgs * teamsPerOrg)));
const durationS = Number(args.duration);
const port = Number(args.port);
const procs = Number(args['client-procs']);
const pin = !args['no-pin'] && canPin();
// The domain's constants (packages/domain/src/contracts/collision.ts), spelt here: plain Node.
const HEARTBEAT_MS = 15_000;
const THROTTLE_MS = 1_000;
const log = (what) => process.stderr.write(`[presence ${new Date().toISOString().slice(11, 19)}] ${what}\n`);
if (pin) pinPid(process.pid, 1);

/** The user id (`sub`) of an access token, read without checking it (the bench signed it). */
const subOf = (token) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).sub;

/** One open conversation per bench team; resolves team index → conversation id. */
async function openConversations(dbUrl) {
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  try {
    const { rows } = await client.query(
      `INSERT INTO conversations (sid, organization_id, team_id, friendly_name)
       SELECT 'CH' || md5(t.id::text), t.organization_id, t.id, '+1514556' || right(t.phone_number, 4)
       FROM teams t WHERE t.phone_number LIKE '+1438555%'
       RETURNING id, (SELECT phone_number FROM teams WHERE teams.id = team_id) AS number`,
    );
    return new Map(rows.map((r) => [Number(r.number.slice(-4)), r.id]));
  } finally {
    await client.end();
  }
}

/** The agents' processes (lib/presence-swarm-worker.mjs), `taskset`-pinned to core 1 when pinning. */
function startAgents() {
  const workers = Array.from({ length: procs }, () =>
    fork(join(import.meta.dirname, 'lib/presence-swarm-worker.mjs'), [], { stdio: 'inherit' }),
  );
  if (pin) for (const w of workers) pinPid(w.pid, 1);
  return {
    async connect(base, clients) {
      const size = Math.ceil(clients.length / procs);
      const replies = await Promise.all(
        workers.map((w, i) =>
          request(
            w,
            { type: 'connect', base, clients: clients.slice(i * size, (i + 1) * size), concurrency: 25 },
            'connected',
          ),
        ),
      );
      const failed = replies.reduce((s, r) => s + r.failed, 0);
      if (failed)
        throw new Error(
          `${failed} agents failed to connect: ${replies.map((r) => r.error).filter(Boolean)[0]}`,
        );
      return Math.max(...replies.map((r) => r.ms));
    },
    async run() {
      const replies = await Promise.all(
        workers.map((w) =>
          request(w, { type: 'run', durationS, heartbeatMs: HEARTBEAT_MS, throttleMs: THROTTLE_MS }, 'ran'),
        ),
      );
      return {
        sent: replies.flatMap((r) => r.sent),
        received: replies.flatMap((r) => r.received),
        disconnects: replies.reduce((s, r) => s + r.disconnects, 0),
      };
    },
    close: () =>
      Promise.all(
        workers.map(
          (w) =>
            new Promise((resolve) => {
              if (w.exitCode !== null) return resolve();
              w.once('exit', resolve);
              w.send({ type: 'close' });
              setTimeout(() => w.kill('SIGKILL'), 10_000).unref();
            }),
        ),
      ),
  };
}

/**
 * Latency of each delivery: its arrival minus the newest send of that agent and kind before it
 * (the agents send once a second at most, far above the latencies measured). Expected deliveries:
 * each send reaches the sender's teammates (`usersPerTeam - 1`).
 */
function deliveries({ sent, received }) {
  const sends = new Map();
  for (let j = 0; j < sent.length; j += 3) {
    const key = `${sent[j]} ${sent[j + 1]}`;
    if (!sends.has(key)) sends.set(key, []);
    sends.get(key).push(sent[j + 2]);
  }
  const latencies = [];
  let unmatched = 0;
  for (let j = 0; j < received.length; j += 3) {
    const times = sends.get(`${received[j]} ${received[j + 1]}`);
    const at = received[j + 2];
    let lo = 0;
    let hi = (times?.length ?? 0) - 1;
    let best = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (times[mid] <= at) ((best = mid), (lo = mid + 1));
      else hi = mid - 1;
    }
    if (best < 0) unmatched++;
    else latencies.push(at - times[best]);
  }
  const expected = (sent.length / 3) * (usersPerTeam - 1);
  return {
    sentEvents: sent.length / 3,
    deliveredEvents: received.length / 3,
    deliveredPerS: r1(received.length / 3 / durationS),
    lostDeliveries: Math.max(0, expected - received.length / 3),
    unmatchedDeliveries: unmatched,
    latencyP50Ms: r1(pct(latencies, 50)),
    latencyP99Ms: r1(pct(latencies, 99)),
    latencyMaxMs: r1(maxOf(latencies)),
  };
}

async function measure(server, clients) {
  const agents = startAgents();
  try {
    const connectMs = await agents.connect(server.base, clients);
    log(`${clients.length} agents connected in ${connectMs} ms; ${durationS} s of viewing and typing`);
    await server.probe();
    const traffic = await agents.run();
    const p = await server.probe();
    return {
      connectMs,
      ...deliveries(traffic),
      disconnects: traffic.disconnects,
      serverCpuMs: Math.round(p.cpuMs),
      serverCpuPct: r1((100 * p.cpuMs) / ((durationS + 1.5) * 1000)),
      serverEldP99Ms: p.eldP99Ms,
      serverEldMaxMs: p.eldMaxMs,
      serverGc: p.gc,
    };
  } finally {
    await agents.close();
  }
}

async function oneRun() {
  const r = {
    date: new Date().toISOString(),
    orgs,
    teams: orgs * teamsPerOrg,
    agents: orgs * teamsPerOrg * usersPerTeam,
    durationS,
    pinned: pin,
  };
  const accueil = await startAccueil({ port, pgDb: args['pg-db'], pin });
  let agents;
  try {
    log('server up; writing tenants');
    const { users } = await createBenchTenants({
      dbUrl: accueil.dbUrl,
      jwtSecret: BENCH_JWT_SECRET,
      orgs,
      teamsPerOrg,
      usersPerTeam,
    });
    const conversationOf = await openConversations(accueil.dbUrl);
    agents = users.map((u) => ({
      token: u.token,
      team: u.team,
      userId: subOf(u.token),
      conversationId: conversationOf.get(u.team),
    }));
    r.accueil = await measure(
      accueil,
      agents.map((a) => ({ auth: { token: a.token }, userId: a.userId, conversationId: a.conversationId })),
    );
  } finally {
    await accueil.stop();
  }
  if (!args['no-baseline']) {
    const bare = await startBareSocketIo({
      port: port + 1,
      pin,
      probe: true,
      script: 'presence-relay-server.mjs',
    });
    try {
      log('bare Socket.IO relay');
      r.bareSocketIo = await measure(
        bare,
        agents.map((a) => ({
          auth: { team: a.team, user: a.userId },
          userId: a.userId,
          conversationId: a.conversationId,
        })),
      );
    } finally {
      await bare.stop();
    }
    r.ratios = {
      cpuVsBare: r1(r.accueil.serverCpuMs / r.bareSocketIo.serverCpuMs),
      latencyP99VsBare: r1(r.accueil.latencyP99Ms / r.bareSocketIo.latencyP99Ms),
    };
  }
  return r;
}

reportRuns({ runs: Number(args.runs), out: args.out, oneRun }).catch((e) => {
  console.error(e);
  process.exitCode = 1;
});
