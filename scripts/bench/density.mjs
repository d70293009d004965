#!/usr/bin/env node
// Density benchmark: N idle authenticated Socket.IO clients (default 10,000: one per
// user, 20 organisations × 10 teams × 50 users) held for a while (default 10 minutes): server
// memory per socket (RSS and V8 heap after a full GC, after − before, ÷ N; target ≤ 40 KB),
// disconnects during the hold (target: none), event-loop delay; and the same measure on a bare
// Socket.IO server (baselines/socketio-rooms-server.mjs, no hold) in the same run.
// Not a test: run it by hand (under `flock /tmp/accueil-bench.lock`), record docs/benchmarks.md.
//
//   node scripts/bench/density.mjs [--sockets 10000] [--hold 600] [--sample-every 60]
//     [--client-procs 4] [--no-pin] [--no-baseline] [--out f.jsonl]
//
// `--hold 30` for a quick dev run. The clients run in --client-procs processes (on core 1 with
// pinning; the server and its PostgreSQL backends on core 0). Node raises its own open-file
// limit to the hard limit (`ulimit -Hn`), which must exceed the sockets per process.
import { execSync } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { BENCH_JWT_SECRET, nodeBin, startAccueil, startBareSocketIo } from './lib/accueil-server.mjs';
import { createBenchTenants } from './lib/bench-tenants.mjs';
import { canPin, pinPid } from './lib/pinning.mjs';
import { startSwarm } from './lib/socket-swarm.mjs';
import { r1 } from './lib/stats.mjs';

const { values: args } = parseArgs({
  options: {
    sockets: { type: 'string', default: '10000' },
    hold: { type: 'string', default: '600' },
    'sample-every': { type: 'string', default: '60' },
    orgs: { type: 'string', default: '20' },
    'teams-per-org': { type: 'string', default: '10' },
    'client-procs': { type: 'string', default: '4' },
    concurrency: { type: 'string', default: '100' },
    port: { type: 'string', default: '3610' },
    'pg-db': { type: 'string', default: 'accueil_g_density' },
    'node-arg': { type: 'string', multiple: true, default: [] },
    env: { type: 'string', multiple: true, default: [] },
    'no-pin': { type: 'boolean', default: false },
    'no-baseline': { type: 'boolean', default: false },
    out: { type: 'string' },
  },
});
const sockets = Number(args.sockets);
const holdS = Number(args.hold);
const orgs = Number(args.orgs);
const teamsPerOrg = Number(args['teams-per-org']);
const usersPerTeam = Math.ceil(sockets / (orgs * teamsPerOrg));
const procs = Number(args['client-procs']);
const pin = !args['no-pin'] && canPin();
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const log = (what) => process.stderr.write(`[density ${new Date().toISOString().slice(11, 19)}] ${what}\n`);
const KB = 1024;
if (pin) pinPid(process.pid, 1);

const hardFds = Number(execSync('ulimit -Hn', { shell: '/bin/bash' }).toString().trim());
if (Number.isFinite(hardFds) && hardFds < Math.ceil(sockets / procs) + 1000) {
  throw new Error(
    `ulimit -Hn is ${hardFds}: too low for ${sockets} sockets over ${procs} client processes (raise it or use more --client-procs)`,
  );
}

/** Memory per socket between two probe readings (after GC), in KB. */
function perSocket(before, after, n) {
  const kb = (key) => r1((after[key] - before[key]) / n / KB);
  return {
    rssPerSocketKB: kb('rssBytes'),
    heapPerSocketKB: kb('heapUsedBytes'),
    heapTotalPerSocketKB: kb('heapTotalBytes'),
    externalPerSocketKB: kb('externalBytes'),
    arrayBuffersPerSocketKB: kb('arrayBuffersBytes'),
  };
}

/** The bare Socket.IO server's memory per socket, same client count and rooms, no hold. */
async function baseline(clients) {
  const server = await startBareSocketIo({ port: Number(args.port) + 1, pin, probe: true });
  const { probe } = server;
  const swarm = startSwarm({ procs, nodeBin, pinTo: pin ? 1 : null });
  try {
    const before = await probe();
    const rooms = clients.map((c) => ({ token: String(c.team) }));
    const half = Math.floor(rooms.length / 2);
    const c1 = await swarm.connect(server.base, rooms.slice(0, half), Number(args.concurrency));
    await sleep(5000);
    const mid = await probe();
    const c2 = await swarm.connect(server.base, rooms.slice(half), Number(args.concurrency));
    await sleep(5000);
    const after = await probe();
    const marginal = perSocket(mid, after, c2.ok);
    return {
      connected: c1.ok + c2.ok,
      failed: c1.failed + c2.failed,
      connectMs: c1.ms + c2.ms,
      ...perSocket(before, after, c1.ok + c2.ok),
      marginalRssPerSocketKB: marginal.rssPerSocketKB,
      marginalHeapPerSocketKB: marginal.heapPerSocketKB,
    };
  } finally {
    await swarm.close();
    await server.stop();
  }
}

async function accueilRun() {
  const accueil = await startAccueil({
    port: Number(args.port),
    pgDb: args['pg-db'],
    pin,
    nodeArgs: args['node-arg'],
    env: Object.fromEntries(args.env.map((kv) => kv.split('='))),
  });
  const swarm = startSwarm({ procs, nodeBin, pinTo: pin ? 1 : null });
  try {
    const { users } = await createBenchTenants({
      dbUrl: accueil.dbUrl,
      jwtSecret: BENCH_JWT_SECRET,
      orgs,
      teamsPerOrg,
      usersPerTeam,
    });
    const clients = users.slice(0, sockets);
    await sleep(1000);
    const before = await accueil.probe();
    // Two halves: the second half's cost is the marginal cost of a socket, without the one-time
    // growth of the server's pools (V8's young generation, the allocator) during the first storm.
    const half = Math.floor(clients.length / 2);
    const connectHalf = async (list) => {
      const c = await swarm.connect(accueil.base, list, Number(args.concurrency));
      log(
        `${c.ok} connected, ${c.failed} failed in ${c.ms} ms${c.errors.length ? ` (${c.errors.join('; ')})` : ''}`,
      );
      await sleep(5000);
      return c;
    };
    log(`connecting ${clients.length} sockets in two halves`);
    const c1 = await connectHalf(clients.slice(0, half));
    const mid = await accueil.probe();
    const c2 = await connectHalf(clients.slice(half));
    const connected = await accueil.probe();
    const conn = { ok: c1.ok + c2.ok, failed: c1.failed + c2.failed, ms: c1.ms + c2.ms };
    const marginal = perSocket(mid, connected, c2.ok);
    const samples = [];
    const t0 = Date.now();
    while (Date.now() - t0 < holdS * 1000) {
      await sleep(Math.min(Number(args['sample-every']) * 1000, holdS * 1000 - (Date.now() - t0)));
      const p = await accueil.probe();
      const { disconnects, connected: open } = await swarm.report();
      samples.push({
        atS: Math.round((Date.now() - t0) / 1000),
        rssMiB: r1(p.rssBytes / 2 ** 20),
        heapMiB: r1(p.heapUsedBytes / 2 ** 20),
        eldP99Ms: p.eldP99Ms,
        eldMaxMs: p.eldMaxMs,
        disconnects,
        open,
      });
      log(
        `hold ${samples.at(-1).atS} s: ${open} open, ${disconnects} disconnects, RSS ${samples.at(-1).rssMiB} MiB`,
      );
    }
    const end = samples.at(-1) ?? { disconnects: 0, open: conn.ok };
    const last = await accueil.probe();
    return {
      sockets: clients.length,
      connected: conn.ok,
      failed: conn.failed,
      connectMs: conn.ms,
      holdS,
      rssBeforeMiB: r1(before.rssBytes / 2 ** 20),
      rssConnectedMiB: r1(connected.rssBytes / 2 ** 20),
      rssEndMiB: r1(last.rssBytes / 2 ** 20),
      ...perSocket(before, connected, conn.ok),
      marginalRssPerSocketKB: marginal.rssPerSocketKB,
      marginalHeapPerSocketKB: marginal.heapPerSocketKB,
      residentPerSocketKB: Object.fromEntries(
        Object.keys(connected.residentKB).map((k) => [
          k,
          r1((connected.residentKB[k] - before.residentKB[k]) / conn.ok),
        ]),
      ),
      spacesPerSocketKB: Object.fromEntries(
        Object.keys(connected.spaces).map((k) => [
          k,
          {
            size: r1((connected.spaces[k].sizeBytes - before.spaces[k].sizeBytes) / conn.ok / KB),
            used: r1((connected.spaces[k].usedBytes - before.spaces[k].usedBytes) / conn.ok / KB),
          },
        ]),
      ),
      rssPerSocketAtEndKB: r1((last.rssBytes - before.rssBytes) / conn.ok / KB),
      heapPerSocketAtEndKB: r1((last.heapUsedBytes - before.heapUsedBytes) / conn.ok / KB),
      disconnectsDuringHold: end.disconnects,
      openAtEnd: end.open,
      holdEldP99MaxMs: Math.max(0, ...samples.map((s) => s.eldP99Ms)),
      samples,
      clientTeams: clients,
    };
  } finally {
    await swarm.close();
    await accueil.stop();
  }
}

async function main() {
  const r = { date: new Date().toISOString(), sockets, holdS, pinned: pin, clientProcs: procs };
  const { clientTeams, ...accueil } = await accueilRun();
  r.accueil = accueil;
  if (!args['no-baseline']) {
    log('bare Socket.IO baseline');
    r.bareSocketIo = await baseline(clientTeams);
    r.ratios = {
      rssPerSocketVsBare: r1(accueil.rssPerSocketKB / r.bareSocketIo.rssPerSocketKB),
      heapPerSocketVsBare: r1(accueil.heapPerSocketKB / r.bareSocketIo.heapPerSocketKB),
      marginalRssPerSocketVsBare: r1(accueil.marginalRssPerSocketKB / r.bareSocketIo.marginalRssPerSocketKB),
    };
  }
  console.log(JSON.stringify(r, null, 2));
  if (args.out) appendFileSync(args.out, `${JSON.stringify(r)}\n`);
}

main().catch((e) => {
  console.error(e);
  process.exitCode = 1;
});
