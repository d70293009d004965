#!/usr/bin/env node
// Reads benchmark: the conversation list, message pages and search through the real
// HTTP API with 100,000 conversations and 5,000,000 messages in one organisation's team.
// Not a test: run it by hand and record the result in docs/benchmarks.md.
//
//   node scripts/bench/reads.mjs --db postgres|pglite [--conversations 100000] [--per 50]
//     [--requests 300] [--concurrency 4] [--runs 3] [--rebuild] [--build-only] [--explain FILE]
//     [--only list,search] [--port 3550] [--pg-db accueil_reads] [--data-dir /tmp/accueil-reads-pglite]
//     [--no-pin] [--out results.jsonl] [--server-dir /tmp/older-checkout] [--profile /tmp/prof]
//
// The data set is built once (kept for later runs; --rebuild makes it again): a first server
// start migrates and seeds the demo, then lib/reads-dataset.mjs fills the demo clinic's team
// "Principal" straight in the database. Each run starts the server (pinned to core 0 with the
// PostgreSQL backends of its database; this generator on core 1), signs in as the demo admin
// and measures every scenario (lib/reads-scenarios.mjs) sequentially and with --concurrency
// workers. --explain FILE: instead of measuring, logs every query's plan (auto_explain, ANALYZE,
// BUFFERS) for two requests per scenario and writes them to FILE (PostgreSQL only).
import { appendFileSync, existsSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { repo, startAccueil } from './lib/accueil-server.mjs';
import { canPin, pinPid } from './lib/pinning.mjs';
import { postgresUrl, psql, resetDatabase } from './lib/postgres.mjs';
import { fill } from './lib/reads-dataset.mjs';
import { closeReadConnections, get, measure } from './lib/reads-measure.mjs';
import { scenarios } from './lib/reads-scenarios.mjs';
import { medianOfRuns } from './lib/stats.mjs';

const { values: args } = parseArgs({
  options: {
    db: { type: 'string', default: 'postgres' },
    conversations: { type: 'string', default: '100000' },
    per: { type: 'string', default: '50' },
    requests: { type: 'string', default: '300' },
    concurrency: { type: 'string', default: '4' },
    runs: { type: 'string', default: '3' },
    profile: { type: 'string' },
    port: { type: 'string', default: '3550' },
    'pg-db': { type: 'string', default: 'accueil_reads' },
    'data-dir': { type: 'string', default: '/tmp/accueil-reads-pglite' },
    rebuild: { type: 'boolean', default: false },
    'build-only': { type: 'boolean', default: false },
    explain: { type: 'string' },
    only: { type: 'string' },
    'no-pin': { type: 'boolean', default: false },
    out: { type: 'string' },
    'server-dir': { type: 'string' },
  },
});
const N = Number(args.conversations);
const per = Number(args.per);
const port = Number(args.port);
const base = `http://127.0.0.1:${port}`;
const pgDb = args['pg-db'];
const dbUrl = postgresUrl(pgDb);
const isPg = args.db === 'postgres';
const pin = !args['no-pin'] && canPin();
// Another checkout of the server to measure (before/after: `git archive <commit>` into a
// folder with node_modules linked to this repository's); the data set is shared.
const serverDir = args['server-dir'] ?? repo;
const log = (...m) => console.error(`[reads] ${m.join(' ')}`);

if (pin) pinPid(process.pid, 1);

/**
 * Starts the server on this data set, kept as it is (core 0, with its PostgreSQL backends), and
 * waits until it answers (migrations may build indexes: 20 min). --profile DIR: a V8 CPU profile
 * of each server run (written when the server stops).
 */
const startServer = () =>
  startAccueil({
    port,
    db: args.db,
    pgDb,
    dataDir: args['data-dir'],
    keepData: true,
    seedDemo: true,
    pin,
    probe: false,
    serverDir,
    readyTimeoutS: 1200,
    nodeArgs: args.profile ? ['--cpu-prof', '--cpu-prof-dir', args.profile] : [],
  });

/** Opens the data set's database for statements (`query(sql) → { rows }`) and closes it. */
async function openDb() {
  if (isPg) {
    const client = new pg.Client({ connectionString: dbUrl });
    await client.connect();
    return { query: (sql) => client.query(sql), close: () => client.end() };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const db = await PGlite.create(join(args['data-dir'], 'pglite'), { extensions: { pg_trgm } });
  return { query: (sql) => db.query(sql), close: () => db.close() };
}

/** The build record of the existing data set, or null (absent, other scale). */
async function existingDataset() {
  if (
    isPg
      ? psql('postgres', `SELECT 1 FROM pg_database WHERE datname = '${pgDb}'`) !== '1'
      : !existsSync(join(args['data-dir'], 'pglite'))
  )
    return null;
  const db = await openDb();
  try {
    const { rows } = await db.query(`SELECT to_regclass('bench_reads_meta') IS NOT NULL AS present`);
    if (!rows[0].present) return null;
    const meta = (await db.query(`SELECT * FROM bench_reads_meta`)).rows[0];
    return meta && meta.conversations === N && meta.per_conversation === per ? meta : null;
  } finally {
    await db.close();
  }
}

/** Builds the data set from nothing; returns its build record. */
async function buildDataset() {
  const t0 = performance.now();
  if (isPg) {
    resetDatabase(pgDb);
  } else rmSync(args['data-dir'], { recursive: true, force: true });
  log('migrating and seeding the demo (one server start)');
  await (await startServer()).stop();
  const db = await openDb();
  try {
    const { rows } = await db.query(
      `SELECT o.id AS org, t.id AS team, t.phone_number AS number FROM organizations o JOIN teams t ON t.organization_id = o.id WHERE o.name = 'Clinique Démo' AND t.main`,
    );
    const { org, team, number } = rows[0];
    log(`filling ${N} conversations × ${per} messages`);
    const steps = await fill(
      db.query,
      {
        org,
        team,
        teamNumber: number,
        conversations: N,
        perConversation: per,
        maintenanceWorkMem: isPg ? '1GB' : '256MB',
      },
      log,
    );
    const buildS = Math.round((performance.now() - t0) / 100) / 10;
    await db.query(
      `CREATE TABLE bench_reads_meta (conversations int, per_conversation int, built_at timestamptz, build_s numeric, steps jsonb)`,
    );
    await db.query(
      `INSERT INTO bench_reads_meta VALUES (${N}, ${per}, now(), ${buildS}, '${JSON.stringify(steps)}')`,
    );
    log(`built in ${buildS} s`);
    return { conversations: N, per_conversation: per, build_s: buildS, steps };
  } finally {
    await db.close();
  }
}

/** Signs in as the demo admin; the headers of its requests and the second-page cursors. */
async function signIn() {
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: 'Demo-Accueil-2026' }),
  });
  if (!login.ok) throw new Error(`login failed ${login.status}`);
  const headers = { authorization: `Bearer ${(await login.json()).jwt}` };
  const first = await get(`${base}/api/conversations?status=inactive`, headers);
  return { headers, cursors: { inactive: JSON.parse(first.body).nextCursor } };
}

const selected = (list) =>
  args.only ? list.filter((s) => args.only.split(',').some((o) => s.name.startsWith(o))) : list;

/** One run: start the server, sign in, measure every scenario (sequential, then concurrent). */
async function run() {
  const server = await startServer();
  try {
    const { headers, cursors } = await signIn();
    const result = {};
    for (const s of selected(scenarios({ base, N, per, cursors }))) {
      await measure({ count: 20, urlOf: (i) => s.urlOf(i + 100_000), headers }); // warm-up, other items
      const sequential = await measure({
        count: Number(args.requests),
        urlOf: s.urlOf,
        headers,
        check: s.check,
      });
      const concurrent = await measure({
        count: Number(args.requests),
        concurrency: Number(args.concurrency),
        urlOf: (i) => s.urlOf(i + 50_000),
        headers,
        check: s.check,
      });
      result[s.name] = { sequential, concurrent };
      log(
        `${s.name.padEnd(17)} seq p50/p95/p99 ${sequential.p50Ms}/${sequential.p95Ms}/${sequential.p99Ms} ms · ×${args.concurrency} ${concurrent.p50Ms}/${concurrent.p95Ms}/${concurrent.p99Ms} ms (${concurrent.perS}/s) bad ${sequential.bad + concurrent.bad}`,
      );
    }
    return result;
  } finally {
    closeReadConnections();
    await server.stop();
  }
}

/** --explain: every query's plan for two requests per scenario, from PostgreSQL's log (auto_explain). */
async function explain(file) {
  const logFile = '/var/log/postgresql/postgresql-15-main.log';
  const settings = {
    session_preload_libraries: 'auto_explain',
    'auto_explain.log_min_duration': '0',
    'auto_explain.log_analyze': 'on',
    'auto_explain.log_buffers': 'on',
    'auto_explain.log_nested_statements': 'on',
  };
  for (const [k, v] of Object.entries(settings)) psql('postgres', `ALTER DATABASE ${pgDb} SET ${k} = '${v}'`);
  const from = statSync(logFile).size;
  const server = await startServer();
  const out = [];
  try {
    const { headers, cursors } = await signIn();
    for (const s of selected(scenarios({ base, N, per, cursors }))) {
      for (let i = 0; i < 2; i++) {
        const url = s.urlOf(i);
        const t0 = performance.now();
        await get(url, headers);
        out.push({
          scenario: s.name,
          url: url.slice(base.length),
          ms: Math.round(performance.now() - t0),
          at: statSync(logFile).size,
        });
        await new Promise((r) => setTimeout(r, 300));
      }
    }
  } finally {
    await server.stop();
    for (const k of Object.keys(settings)) psql('postgres', `ALTER DATABASE ${pgDb} RESET ${k}`);
  }
  const text = readFileSync(logFile).subarray(from).toString('utf8');
  writeFileSync(
    file,
    `${JSON.stringify(out, null, 1)}\n\n${text
      .split(/\n(?=\d{4}-\d\d-\d\d )/)
      .filter((e) => e.includes(`@${pgDb} `))
      .join('\n')}\n`,
  );
  log(`plans written to ${file}`);
}

async function main() {
  const dataset = (!args.rebuild && (await existingDataset())) || (await buildDataset());
  if (args['build-only']) return;
  if (args.explain) return explain(args.explain);
  const runs = [];
  for (let r = 1; r <= Number(args.runs); r++) {
    log(`run ${r}/${args.runs}`);
    const res = {
      run: r,
      date: new Date().toISOString(),
      db: args.db,
      conversations: N,
      messages: N * per,
      pinned: pin,
      buildS: Number(dataset.build_s),
      scenarios: await run(),
    };
    if (args.out) appendFileSync(args.out, `${JSON.stringify(res)}\n`);
    runs.push(res);
  }
  const summary = { median: true, runs: runs.length, ...medianOfRuns(runs) };
  console.log(JSON.stringify(summary, null, 2));
  if (args.out) appendFileSync(args.out, `${JSON.stringify(summary)}\n`);
}

main().catch((e) => {
  console.error(e);
  process.exitCode = 1;
});
