#!/usr/bin/env node
// Polling benchmark (issue 25, docs/behaviour/france.md): --clients signed-in staff (2,000) of a
// French organisation poll GET /api/messaging/v1/polling every 2.5 s (POLLING_INTERVAL_MS), as
// the web app's polling transport does, while signed Twilio inbound texts arrive; against, in the
// same run, the same texts pushed as Socket.IO events (`message:created`) to the same clients
// connected by websocket. All clients are members of one team, so one text is one event to every
// client: the comparison the issue asks for, "server CPU per poll against one Socket.IO event to
// the same 2,000 clients". Every client checks it got each text exactly once (and, polling, in
// sequence order).
// Not a test: run it by hand and record the result in docs/benchmarks.md.
//
//   node scripts/bench/polling.mjs [--clients 2000] [--interval 2500] [--rate 1] [--duration 30]
//     [--runs 3] [--client-procs 2] [--port 3610] [--pg-db accueil_around_polling]   (npm run bench:polling -- …)
//
// PostgreSQL (database --pg-db, dropped and created; dropped at the end). The built server
// (`npm run build` is not needed: the API only) with the probe preloaded. Each run has three
// windows of --duration seconds, each with --rate texts per second to the team:
//   1. ingest: nobody listening — what a text costs by itself (stored, its polling event written);
//   2. polling: every client polling; texts are read by the polls;
//   3. socket: every client on a websocket; texts reach them as events;
//   4. ingest again (the texts' own cost is the mean of 1 and 4).
// A first ingest window warms the server up and is not counted.
// Server CPU is the Node process's plus its PostgreSQL backends' (/proc/<pid>/stat of the
// database's connections). Per poll: (CPU of window 2 − the texts' own) / polls answered in it;
// per event to every client: (CPU of window 3 − the texts' own) / texts. The
// machine is shared: CPU time (not wall time) is what is compared, and each figure is the median
// of the runs. Prints one JSON object.
import { parseArgs } from 'node:util';
import pg from 'pg';
import { BENCH_JWT_SECRET, nodeBin, startAccueil } from './lib/accueil-server.mjs';
import { createBenchTenants, signBenchTokens, teamNumber } from './lib/bench-tenants.mjs';
import { closeConnections, post } from './lib/http-post.mjs';
import { cpuMs, postgresBackends } from './lib/pinning.mjs';
import { psql } from './lib/postgres.mjs';
import { startPollers } from './lib/polling-swarm.mjs';
import { startSwarm } from './lib/socket-swarm.mjs';
import { medianOfRuns, r1 } from './lib/stats.mjs';
import { messageSid, signedInboundSms } from './lib/twilio-webhook.mjs';

const { values: args } = parseArgs({
  options: {
    clients: { type: 'string', default: '2000' },
    interval: { type: 'string', default: '2500' },
    rate: { type: 'string', default: '1' },
    duration: { type: 'string', default: '30' },
    runs: { type: 'string', default: '3' },
    'client-procs': { type: 'string', default: '2' },
    port: { type: 'string', default: '3610' },
    'pg-db': { type: 'string', default: 'accueil_around_polling' },
  },
});
const CLIENTS = Number(args.clients);
const INTERVAL = Number(args.interval);
const RATE = Number(args.rate);
const DURATION = Number(args.duration);
const PROCS = Number(args['client-procs']);
const pgDb = args['pg-db'];
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const log = (m) => process.stderr.write(`[polling ${new Date().toISOString().slice(11, 19)}] ${m}\n`);

const server = await startAccueil({ port: Number(args.port), db: 'postgres', pgDb, probe: true });

/**
 * The server's CPU so far (ms) per process: the Node process and its database's PostgreSQL
 * backends. The pool closes a connection idle for 10 s, so a window's CPU is counted per process
 * (`cpuSince`), not as a difference of sums: a backend that exits would take its whole life's CPU
 * out of the second sum (a negative window). What a backend used in a window before exiting in it
 * is not counted (a few ms).
 */
async function serverCpu() {
  const snapshot = new Map([[server.pid, cpuMs(server.pid)]]);
  for (const pid of await postgresBackends(pgDb)) snapshot.set(pid, cpuMs(pid) || 0);
  return snapshot;
}

/** CPU (ms) used since snapshot `before` by the processes alive now (new ones: their whole life). */
async function cpuSince(before) {
  let total = 0;
  for (const [pid, ms] of await serverCpu()) {
    const was = before.get(pid) ?? 0;
    total += ms >= was ? ms - was : ms; // less than before: the pid was reused by a new backend
  }
  return total;
}

let textNumber = 0;
/**
 * Posts --rate texts a second to the team for --duration seconds, numbered on from the last, each
 * when it is due whether the previous one was answered or not (a loaded server answers late);
 * resolves their numbers once every one is answered.
 */
async function sendTexts() {
  const started = performance.now();
  const total = Math.round(RATE * DURATION);
  const answers = [];
  for (let i = 0; i < total; i++) {
    await sleep(Math.max(0, started + (i * 1000) / RATE - performance.now()));
    const n = textNumber++;
    const hook = signedInboundSms({
      url: `${server.base}/api/webhooks/twilio/messaging`,
      signedUrl: `http://127.0.0.1:${args.port}/api/webhooks/twilio/messaging`,
      sid: messageSid('poll', n),
      from: `+1514556${String(n % 50).padStart(4, '0')}`,
      to: teamNumber(0),
      body: `fan ${n}`,
    });
    answers.push(
      post(hook.url, hook.headers, hook.body).then((status) => {
        if (status >= 300) throw new Error(`webhook ${status}`);
        return n;
      }),
    );
  }
  return Promise.all(answers);
}

/** A window: CPU before, the texts, CPU after (the texts' last webhook answered, then 200 ms). */
async function window(during = async () => {}) {
  const before = await serverCpu();
  await server.probe();
  const [numbers] = await Promise.all([sendTexts(), during()]);
  await sleep(200);
  const probe = await server.probe();
  const cpu = await cpuSince(before);
  return { numbers, cpuMs: cpu, nodeCpuMs: probe.cpuMs, eldP99Ms: probe.eldP99Ms };
}

/**
 * Waits until every text of `numbers` has its polling event (the log is written after the
 * webhook's answer, one write at a time per server process: under load it lags); resolves how
 * long that took (s).
 */
async function untilLogged(numbers) {
  const started = performance.now();
  const bodies = numbers.map((n) => `'fan ${n}'`).join(',');
  const sql = `SELECT count(*) FROM polling_events WHERE name = 'message:created' AND payload->'message'->>'body' IN (${bodies})`;
  while (Number(psql(pgDb, sql)) < numbers.length) await sleep(500);
  return r1((performance.now() - started) / 1000);
}

/** Each client got each text once: counts of missed and doubled (client, text) pairs. */
function check(pairs, clients, numbers) {
  const index = new Map(numbers.map((n, i) => [n, i]));
  const seen = new Uint8Array(clients * numbers.length);
  let doubled = 0;
  let foreign = 0;
  for (let j = 0; j < pairs.length; j += 2) {
    const i = index.get(pairs[j + 1]);
    if (i === undefined) {
      foreign++;
      continue;
    }
    if (seen[pairs[j] * numbers.length + i]++ > 0) doubled++;
  }
  const missed = seen.reduce((m, x) => m + (x === 0 ? 1 : 0), 0);
  return { expected: clients * numbers.length, missed, doubled, foreign };
}

const runs = [];
try {
  await createBenchTenants({
    dbUrl: server.dbUrl,
    jwtSecret: BENCH_JWT_SECRET,
    orgs: 1,
    teamsPerOrg: 1,
    usersPerTeam: CLIENTS,
  });
  // A French organisation: its inbox events are written for polling (docs/behaviour/france.md).
  psql(pgDb, `UPDATE organizations SET country = 'FR' WHERE name LIKE 'Bench %'`);
  const db = new pg.Client({ connectionString: server.dbUrl });
  await db.connect();
  log('warm-up window (texts, nobody listening; not counted)');
  await window();
  for (let run = 1; run <= Number(args.runs); run++) {
    // Tokens live 15 minutes: signed again for each run.
    const users = await signBenchTokens(db, BENCH_JWT_SECRET);

    log(`run ${run}: ingest window (nobody listening)`);
    const ingest = await window();

    log(`run ${run}: ${users.length} polling clients every ${INTERVAL} ms`);
    const pollers = await startPollers({
      base: server.base,
      users,
      procs: PROCS,
      intervalMs: INTERVAL,
      nodeBin,
    });
    await sleep(INTERVAL * 2); // every client in its rhythm
    let pollsAtStart = 0;
    const pollWindowStarted = performance.now();
    const polling = await window(async () => {
      pollsAtStart = await pollers.polls();
    });
    const pollsInWindow = (await pollers.polls()) - pollsAtStart;
    const pollWindowS = (performance.now() - pollWindowStarted) / 1000;
    const logLagS = await untilLogged(polling.numbers);
    await pollers.drain(); // every client has read the last texts
    const polled = await pollers.stop();
    const pollCheck = check(polled.pairs, users.length, polling.numbers);

    log(`run ${run}: ${users.length} websockets`);
    const swarm = startSwarm({ procs: PROCS, nodeBin });
    const connected = await swarm.connect(server.base, users, 100);
    if (connected.failed > 0) log(`${connected.failed} sockets failed: ${connected.errors.join('; ')}`);
    await sleep(2000);
    await swarm.reset();
    const socket = await window();
    await sleep(5000); // events still on their way
    const report = await swarm.report();
    await swarm.close();
    const socketPairs = [];
    for (let j = 0; j < report.receipts.length; j += 3)
      socketPairs.push(report.receipts[j], report.receipts[j + 1]);
    const socketCheck = check(socketPairs, connected.ok, socket.numbers);

    log(`run ${run}: ingest window again`);
    const ingestAfter = await window();
    // The texts' own cost: the mean of the windows before and after (the server's state drifts).
    const ingestMs = (ingest.cpuMs + ingestAfter.cpuMs) / 2;
    const texts = ingest.numbers.length;
    const perPollMs = (polling.cpuMs - ingestMs) / pollsInWindow;
    const perEventMs = (socket.cpuMs - ingestMs) / texts;
    const result = {
      cpuMs: {
        ingest: ingest.cpuMs,
        ingestAfter: ingestAfter.cpuMs,
        polling: polling.cpuMs,
        socket: socket.cpuMs,
      },
      pollsInWindow,
      pollsPerSecond: r1(pollsInWindow / pollWindowS),
      cpuPerPollMs: Math.round(perPollMs * 1000) / 1000,
      cpuPerEventToAllClientsMs: r1(perEventMs),
      // What 2.5 s of polling by every client costs against one event pushed to every client.
      pollRoundOverEvent: r1((perPollMs * users.length) / perEventMs),
      polling: {
        ...pollCheck,
        failures: polled.failures,
        resets: polled.resets,
        outOfOrder: polled.outOfOrder,
      },
      socket: { ...socketCheck, connected: connected.ok, disconnects: report.disconnects },
      eldP99Ms: { ingest: ingest.eldP99Ms, polling: polling.eldP99Ms, socket: socket.eldP99Ms },
    };
    log(`run ${run}: ${JSON.stringify(result)}`);
    runs.push(result);
  }
  await db.end();
  console.log(
    JSON.stringify(
      {
        clients: CLIENTS,
        intervalMs: INTERVAL,
        textsPerSecond: RATE,
        windowS: DURATION,
        median: medianOfRuns(runs),
        runs,
      },
      null,
      2,
    ),
  );
} finally {
  closeConnections();
  await server.stop();
}
