#!/usr/bin/env node
// Reliability: crash during ingest. Starts the real server (Twilio carrier, demo data,
// a fresh database), sends N signed inbound webhooks (distinct MessageSids, to the demo team's
// number) from a few concurrent senders, each retrying a webhook until it gets a 2xx, while a
// killer SIGKILLs the server 1–4 s after it is serving again and restarts it at once.
// Checks: exactly N messages stored for those sids, none twice; every webhook answered 2xx is
// stored (a sender never resends an acknowledged one, so a lost commit shows as missing); each
// restart serves its first 2xx within 3 s. Prints a JSON summary; exits 1 when a check fails.
//
// Webhook i is first sent at i/rate seconds (default 25/s: ~40 s, ~10 kills), retries at once.
//
//   node scripts/reliability/crash-ingest.mjs [--db pglite|postgres] [--count 1000] [--senders 6] [--rate 25]
//        [--port 3461] [--kill-min-ms 1000] [--kill-max-ms 4000] [--max-restart-ms 3000]
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, openSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { accueilEnv, repo, startCommand } from '../bench/lib/accueil-server.mjs';
import { dropDatabase, psql, resetDatabase } from '../bench/lib/postgres.mjs';
import { start } from '../bench/lib/server-process.mjs';
import { DEMO_TEAM_NUMBER, signedInboundSms } from '../bench/lib/twilio-webhook.mjs';

const { values: args } = parseArgs({
  options: {
    db: { type: 'string', default: 'pglite' },
    count: { type: 'string', default: '1000' },
    senders: { type: 'string', default: '6' },
    rate: { type: 'string', default: '25' },
    port: { type: 'string', default: '3461' },
    'kill-min-ms': { type: 'string', default: '1000' },
    'kill-max-ms': { type: 'string', default: '4000' },
    'max-restart-ms': { type: 'string', default: '3000' },
    'stall-s': { type: 'string', default: '60' },
    keep: { type: 'boolean', default: false },
  },
});
if (!['pglite', 'postgres'].includes(args.db)) throw new Error('--db must be pglite or postgres');
const count = Number(args.count);
const port = Number(args.port);
const base = `http://127.0.0.1:${port}`;
const url = `${base}/api/webhooks/twilio/messaging`;
const sidPrefix = `SMcrash${randomBytes(4).toString('hex')}`;
const dbName = 'accueil_crash_ingest';
const dataDir = mkdtempSync(join(tmpdir(), 'accueil-crash-'));
const logFile = join(dataDir, 'server.log');
const dbUrl = args.db === 'postgres' ? resetDatabase(dbName) : undefined;
const env = accueilEnv({ port, dataDir, dbUrl, seedDemo: true, extra: { NODE_ENV: 'development' } });

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const log = openSync(logFile, 'a');
/** One server generation: its process, when it was spawned, when it first answered 2xx. */
let server = null;
const generations = [];
let unexpectedExits = 0;

function startServer() {
  // The built server (`npm run build -w @accueil/server`), as `npm start` runs it, on this
  // script's Node (24). Its own process group, so the kill reaches anything it spawns.
  const { flags, entry } = startCommand();
  const child = start([process.execPath, ...flags, entry], env, repo, {
    detached: true,
    stdio: ['ignore', log, log],
  });
  const gen = {
    child,
    spawnedAt: performance.now(),
    firstOkAt: null,
    firstAnswerAt: null,
    killed: false,
    exited: new Promise((r) => child.once('exit', r)),
  };
  gen.exited.then(() => {
    if (!gen.killed && !done) {
      unexpectedExits++;
      if (server === gen) startServer();
    }
  });
  generations.push(gen);
  server = gen;
}

async function killServer(gen) {
  gen.killed = true;
  try {
    process.kill(-gen.child.pid, 'SIGKILL');
  } catch {}
  await gen.exited;
}

function signedRequest(i) {
  const sid = `${sidPrefix}${String(i).padStart(24, '0')}`;
  const from = `+1514555${String(3000 + (i % 12)).padStart(4, '0')}`;
  const { headers, body } = signedInboundSms({
    url,
    sid,
    from,
    to: DEMO_TEAM_NUMBER,
    body: `crash ingest ${i}`,
  });
  return { sid, init: { method: 'POST', headers, body } };
}

let done = false;
let next = 0;
const acked = new Set();
let attempts = 0;
let non2xxAnswers = 0;
let networkErrors = 0;

let sendStart = 0;

async function sender() {
  while (next < count) {
    const i = next++;
    const { sid, init } = signedRequest(i);
    const wait = sendStart + (i * 1000) / Number(args.rate) - performance.now();
    if (wait > 0) await sleep(wait);
    while (!done) {
      attempts++;
      try {
        const res = await fetch(url, { ...init, signal: AbortSignal.timeout(10_000) });
        if (server && server.firstAnswerAt === null) server.firstAnswerAt = performance.now();
        await res.arrayBuffer();
        if (res.status >= 200 && res.status < 300) {
          const gen = server;
          if (gen && gen.firstOkAt === null) gen.firstOkAt = performance.now();
          acked.add(sid);
          break;
        }
        non2xxAnswers++;
      } catch {
        networkErrors++;
      }
      await sleep(20);
    }
  }
}

async function killer() {
  while (!done) {
    const gen = server;
    while (gen.firstOkAt === null && !done) await sleep(5);
    if (done) return;
    const min = Number(args['kill-min-ms']);
    await sleep(min + Math.random() * (Number(args['kill-max-ms']) - min));
    if (done) return;
    await killServer(gen);
    startServer();
  }
}

async function storedSids() {
  if (args.db === 'postgres') {
    return psql(
      dbName,
      `select carrier_message_id from messages where carrier_message_id like '${sidPrefix}%'`,
    )
      .split('\n')
      .filter(Boolean);
  }
  const out = execFileSync(
    join(repo, 'node_modules/.bin/tsx'),
    [join(repo, 'scripts/reliability/count-pglite-messages.ts'), dataDir, sidPrefix],
    { cwd: repo },
  );
  return JSON.parse(out.toString()).sids;
}

async function main() {
  const t0 = performance.now();
  startServer();
  const first = server;
  // The first start creates the database and the demo data: not timed, not killed until serving.
  for (let i = 0; first.firstOkAt === null && i < 1200; i++) {
    try {
      if ((await fetch(`${base}/api/config`)).ok) break;
    } catch {}
    await sleep(50);
  }
  sendStart = performance.now();
  // Progress on stderr; a run where no webhook is acknowledged for --stall-s seconds fails.
  let lastAcked = -1;
  let lastProgressAt = performance.now();
  const progress = setInterval(() => {
    if (acked.size !== lastAcked) [lastAcked, lastProgressAt] = [acked.size, performance.now()];
    process.stderr.write(
      `crash-ingest ${args.db}: ${acked.size}/${count} acknowledged, ${generations.length - 1} kills\n`,
    );
    if (performance.now() - lastProgressAt > Number(args['stall-s']) * 1000) {
      console.error(`no webhook acknowledged for ${args['stall-s']} s: stalled (server log: ${logFile})`);
      process.exitCode = 1;
      done = true;
      next = count;
    }
  }, 5000);
  const sendersDone = Promise.all(Array.from({ length: Number(args.senders) }, sender));
  const killing = killer();
  await Promise.race([
    sendersDone,
    new Promise((r) => {
      const t = setInterval(() => done && (clearInterval(t), r()), 200);
    }),
  ]);
  clearInterval(progress);
  if (done) throw new Error('stalled');
  done = true;
  await killing;
  await killServer(server); // the last one is killed too: its acknowledged commits must survive
  const sids = await storedSids();
  const distinct = new Set(sids);
  const missingAcked = [...acked].filter((s) => !distinct.has(s));
  const restartMs = generations
    .slice(1)
    .filter((g) => g.firstOkAt !== null)
    .map((g) => Math.round(g.firstOkAt - g.spawnedAt));
  // The first HTTP answer of any status (headers received): how much of a restart is before
  // listening and how much is the first webhook's own work.
  const answerMs = generations
    .slice(1)
    .filter((g) => g.firstAnswerAt !== null)
    .map((g) => Math.round(g.firstAnswerAt - g.spawnedAt))
    .sort((a, b) => a - b);
  const summary = {
    db: args.db,
    webhooks: count,
    acknowledged: acked.size,
    stored: sids.length,
    storedDistinct: distinct.size,
    duplicates: sids.length - distinct.size,
    acknowledgedButMissing: missingAcked.length,
    kills: generations.length - 1,
    unexpectedExits,
    attempts,
    non2xxAnswers,
    networkErrors,
    restartToFirst2xxMs: {
      max: Math.max(0, ...restartMs),
      median: restartMs.sort((a, b) => a - b)[Math.floor(restartMs.length / 2)] ?? null,
      all: restartMs,
    },
    restartToFirstAnswerMs: {
      median: answerMs[Math.floor(answerMs.length / 2)] ?? null,
      max: Math.max(0, ...answerMs),
    },
    durationS: +((performance.now() - t0) / 1000).toFixed(1),
  };
  const failures = [];
  if (sids.length !== count) failures.push(`stored ${sids.length} messages, expected ${count}`);
  if (summary.duplicates) failures.push(`${summary.duplicates} duplicated`);
  if (missingAcked.length)
    failures.push(`${missingAcked.length} acknowledged webhooks not stored (e.g. ${missingAcked[0]})`);
  if (summary.restartToFirst2xxMs.max >= Number(args['max-restart-ms']))
    failures.push(`a restart took ${summary.restartToFirst2xxMs.max} ms to serve`);
  if (summary.kills < 1) failures.push('the server was never killed');
  if (unexpectedExits)
    failures.push(`the server exited on its own ${unexpectedExits} times (see ${logFile})`);
  console.log(JSON.stringify({ ...summary, ok: failures.length === 0, failures }, null, 2));
  if (failures.length) process.exitCode = 1;
}

main()
  .catch((e) => {
    console.error(e);
    process.exitCode = 1;
  })
  .finally(async () => {
    done = true;
    if (server) await killServer(server);
    if (args.db === 'postgres') dropDatabase(dbName);
    if (process.exitCode && !args.keep) console.error(`server log kept: ${logFile}`);
    else if (!args.keep) rmSync(dataDir, { recursive: true, force: true });
  });
