#!/usr/bin/env node
// Statistics benchmark (issue 25): the statistics screen's API, GET /api/statistics?from&to
// (docs/behaviour/statistics.md), over --messages texts (5,000,000 by default) spread over two
// years, in --orgs organisations (the two demo ones and copies of the demo clinic, each with its
// own time zone) and their teams, on PostgreSQL. The screen reads the daily roll-ups
// (`statistics_daily`), built here by the real roll-up code (`computeDailyRollups`, one call per
// organisation and month, as the hourly job does for its 8 days); the baseline, in the same run,
// is the same figures counted from the raw rows (`countDailyFigures`, the roll-up's own
// statement: conversations, messages, calls) over the same spans. The target: the
// screen's p95 < 100 ms.
// Not a test: run it by hand and record the result in docs/benchmarks.md.
//
//   node --import tsx scripts/bench/statistics.mjs [--messages 5000000] [--orgs 4] [--runs 3]
//     [--requests 40] [--raw-spans week,month] [--port 3590] [--pg-db accueil_around]
//     [--keep] [--reuse]   (the database is dropped and created again first; at the end it is
//     left empty, or, with --keep, with the data set; --reuse measures a data set kept before:
//     its messages as they are, the roll-ups built again unless --keep-rollups)   (npm run bench:statistics -- …)
//
// The data are written by SQL (`generate_series`), not through the API: conversations of 10
// texts (a contact's text, staff's answer minutes to hours later, …; one in 20 answers is an
// automatic reply, one in 50 outbound texts failed) and one inbound call per 12 texts (answered,
// missed or sent to voicemail). Each run asks every organisation, for each span (last week, last
// 30 days, last 12 months, the two years), all teams and each team, `--requests` times in all
// per span; the raw baseline counts each organisation's `--raw-spans` once per run (the raw
// count over a year takes seconds: that is why the roll-ups exist). Prints one JSON object: per
// run and the median of the runs, the API's p50/p95/p99 per span and overall, the raw count's,
// and their ratio.
import { parseArgs } from 'node:util';
import { startAccueil } from './lib/accueil-server.mjs';
import { psql, resetDatabase } from './lib/postgres.mjs';
import { medianOfRuns, pct, r1 } from './lib/stats.mjs';

const { values: args } = parseArgs({
  options: {
    messages: { type: 'string', default: '5000000' },
    orgs: { type: 'string', default: '4' },
    runs: { type: 'string', default: '3' },
    requests: { type: 'string', default: '40' },
    'raw-spans': { type: 'string', default: 'week,month' },
    port: { type: 'string', default: '3590' },
    'pg-db': { type: 'string', default: 'accueil_around' },
    keep: { type: 'boolean', default: false },
    reuse: { type: 'boolean', default: false },
    'keep-rollups': { type: 'boolean', default: false },
    // Seconds for the server to answer at start (a loaded machine's tsx start took over 60).
    'ready-timeout': { type: 'string', default: '60' },
  },
});
const MESSAGES = Number(args.messages);
const PER_CONVERSATION = 10;
const DAYS = 730;
const PASSWORD = 'Demo-Accueil-2026';
const log = (...m) => console.error(`[statistics] ${new Date().toISOString().slice(11, 19)} ${m.join(' ')}`);
const pgDb = args['pg-db'];
const sql = (text) => psql(pgDb, text);

// The bench's "today": the data end yesterday, the spans end today.
const today = new Date().toISOString().slice(0, 10);
const addDays = (day, n) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const SPANS = {
  week: { from: addDays(today, -6), to: today },
  month: { from: addDays(today, -29), to: today },
  year: { from: addDays(today, -364), to: today },
  twoYears: { from: addDays(today, -(DAYS - 1)), to: today },
};
const TIME_ZONES = [
  'America/Toronto',
  'America/Toronto',
  'Europe/Paris',
  'America/Vancouver',
  'Pacific/Auckland',
];

/**
 * Copies the demo clinic (its row, its two teams, its admin) `n` times: organisation `Bench k`
 * with its own time zone, teams with new phone numbers, admin `bench_admin_k` (the demo
 * password). Generic copies (`SELECT *` into a temporary table, new ids): no column is named
 * that the demo seed does not already fill.
 */
function copyDemoClinic(n) {
  for (let k = 1; k <= n; k++) {
    sql(`BEGIN;
      CREATE TEMP TABLE o ON COMMIT DROP AS SELECT * FROM organizations WHERE name = 'Clinique Démo';
      UPDATE o SET id = gen_random_uuid(), name = 'Bench ${k}', time_zone = '${TIME_ZONES[(k + 1) % TIME_ZONES.length]}';
      INSERT INTO organizations SELECT * FROM o;
      CREATE TEMP TABLE t ON COMMIT DROP AS
        SELECT t.* FROM teams t JOIN organizations c ON c.id = t.organization_id WHERE c.name = 'Clinique Démo';
      UPDATE t SET id = gen_random_uuid(), organization_id = (SELECT id FROM o),
        phone_number = '+1438' || lpad((${k} * 100 + (CASE WHEN main THEN 0 ELSE 1 END))::text, 7, '0');
      INSERT INTO teams SELECT * FROM t;
      CREATE TEMP TABLE u ON COMMIT DROP AS SELECT * FROM users WHERE username = 'admin';
      UPDATE u SET id = gen_random_uuid(), organization_id = (SELECT id FROM o), username = 'bench_admin_${k}',
        email = 'bench_admin_${k}@bench.test',
        current_team_id = (SELECT id FROM t WHERE main), default_team_id = (SELECT id FROM t WHERE main);
      INSERT INTO users SELECT * FROM u;
      COMMIT;`);
  }
}

/**
 * Writes `messages` texts in conversations of 10 over the two years before today, spread evenly
 * over every team, and one inbound call per 12 texts; then ANALYZE. One statement per team.
 */
function writeData(messages) {
  const teams = sql(`SELECT t.id, t.organization_id FROM teams t ORDER BY t.organization_id, t.id`)
    .split('\n')
    .map((line) => line.split('|'));
  const conversationsPerTeam = Math.ceil(messages / PER_CONVERSATION / teams.length);
  const callsPerTeam = Math.ceil(messages / 12 / teams.length);
  teams.forEach(([teamId, orgId], index) => {
    const offset = index * conversationsPerTeam;
    log(`team ${index + 1}/${teams.length}: ${conversationsPerTeam} conversations, ${callsPerTeam} calls`);
    sql(`BEGIN;
      CREATE TEMP TABLE c ON COMMIT DROP AS
        SELECT gen_random_uuid() AS id, g AS i,
          now()::date - ${DAYS} + (random() * ${DAYS - 1})::int + make_interval(mins => (random() * 1439)::int) AS at
        FROM generate_series(${offset}, ${offset + conversationsPerTeam - 1}) g;
      INSERT INTO conversations (id, sid, organization_id, team_id, friendly_name, status, last_seq, created_at, updated_at)
        SELECT id, 'CHbench' || i, '${orgId}', '${teamId}', '+1819' || lpad(i::text, 7, '0'),
          CASE WHEN i % 3 = 0 THEN 'active' ELSE 'inactive' END, ${PER_CONVERSATION}, at, at
        FROM c;
      INSERT INTO messages (organization_id, conversation_id, seq, author, automatic, "from", "to", body, carrier,
                            status, direction, channel, created_at, updated_at)
        SELECT '${orgId}', c.id, s,
          CASE WHEN s % 2 = 1 THEN 'Contact' ELSE 'Agent' END,
          s % 2 = 0 AND (c.i + s) % 20 = 0,
          CASE WHEN s % 2 = 1 THEN '+1819' || lpad(c.i::text, 7, '0') ELSE '+15145550100' END,
          CASE WHEN s % 2 = 1 THEN '+15145550100' ELSE '+1819' || lpad(c.i::text, 7, '0') END,
          'Bonjour', 'bench',
          CASE WHEN s % 2 = 1 THEN 'received' WHEN (c.i + s) % 50 = 0 THEN 'failed' ELSE 'delivered' END,
          CASE WHEN s % 2 = 1 THEN 'inbound' ELSE 'outbound' END, 'sms',
          c.at + make_interval(mins => s * (1 + (c.i * 7 + s * 13) % 180)),
          c.at + make_interval(mins => s * (1 + (c.i * 7 + s * 13) % 180))
        FROM c, generate_series(1, ${PER_CONVERSATION}) s;
      INSERT INTO calls (organization_id, team_id, direction, "from", "to", carrier, call_sid, status, outcome, route,
                         started_at, answered_at, ended_at, duration_seconds, updated_at)
        SELECT '${orgId}', '${teamId}', 'inbound', '+1819' || lpad(g::text, 7, '0'), '+15145550100', 'bench',
          'CAbench' || ${index} || '_' || g, 'completed',
          CASE WHEN g % 10 < 7 THEN 'completed' ELSE 'no-answer' END,
          CASE WHEN g % 10 = 9 THEN 'voicemail' ELSE 'ring' END,
          at, CASE WHEN g % 10 < 7 THEN at + interval '20 seconds' END, at + interval '3 minutes',
          CASE WHEN g % 10 < 7 THEN 160 ELSE 0 END, at
        FROM (SELECT g, now()::date - ${DAYS} + (random() * ${DAYS - 1})::int
                + make_interval(mins => (random() * 1439)::int) AS at
              FROM generate_series(1, ${callsPerTeam}) g) x;
      COMMIT;`);
  });
  log('ANALYZE');
  sql('ANALYZE conversations; ANALYZE messages; ANALYZE calls;');
  return Number(sql(`SELECT count(*) FROM messages`));
}

/** The organisations measured: id, time zone, an administrator, its teams' ids. */
function organizationsOf() {
  return sql(
    `SELECT o.id, o.time_zone, (SELECT u.username FROM users u WHERE u.organization_id = o.id
        AND u.role IN ('admin', 'devops') ORDER BY u.username LIMIT 1),
       (SELECT string_agg(t.id::text, ',') FROM teams t WHERE t.organization_id = o.id)
     FROM organizations o ORDER BY o.name`,
  )
    .split('\n')
    .map((line) => {
      const [id, timeZone, admin, teams] = line.split('|');
      return { id, timeZone, admin, teams: teams.split(',') };
    });
}

/** Months from `from` to `to` as [first day, last day] pairs (the roll-ups are built a month per call). */
function months(from, to) {
  const out = [];
  for (let start = from; start <= to;) {
    const d = new Date(`${start}T00:00:00Z`);
    const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).toISOString().slice(0, 10);
    out.push([start, last < to ? last : to]);
    start = addDays(last, 1);
  }
  return out;
}

const summary = (xs) => ({ n: xs.length, p50: r1(pct(xs, 50)), p95: r1(pct(xs, 95)), p99: r1(pct(xs, 99)) });

const server = await startAccueil({
  port: Number(args.port),
  db: 'postgres',
  pgDb,
  seedDemo: true,
  probe: false,
  keepData: args.reuse,
  dataDir: '/tmp/accueil-bench-statistics',
  readyTimeoutS: Number(args['ready-timeout']),
});
// The server's own modules, in this process (tsx): the roll-up code and its raw count.
const { openDatabase } = await import('../../apps/server/src/db/client.ts');
const { withSystemAccess } = await import('../../apps/server/src/db/tenant-scope.ts');
const { computeDailyRollups, countDailyFigures } =
  await import('../../apps/server/src/modules/statistics/compute-daily-rollups.ts');
const handle = await openDatabase({ databaseUrl: server.dbUrl, dataDir: '/tmp', poolSize: 4 });
const deps = { db: handle.db };
try {
  if (!args.reuse) {
    copyDemoClinic(Math.max(0, Number(args.orgs) - 2));
    writeData(MESSAGES);
  }
  const written = Number(sql(`SELECT count(*) FROM messages`));
  log(`${written} messages`);
  const organizations = organizationsOf();
  if (!args['keep-rollups']) sql('TRUNCATE statistics_daily');

  let rollupRows = Number(sql('SELECT count(*) FROM statistics_daily'));
  let rollupSeconds = null;
  if (!args['keep-rollups']) {
    log('building the daily roll-ups (computeDailyRollups, a month per call)');
    const rollupStarted = performance.now();
    rollupRows = 0;
    for (const org of organizations)
      for (const [from, to] of months(addDays(today, -DAYS), today))
        rollupRows += await withSystemAccess('maintenance-job', () =>
          computeDailyRollups(deps, { organizationId: org.id, timeZone: org.timeZone, from, to }),
        );
    rollupSeconds = r1((performance.now() - rollupStarted) / 1000);
    sql('ANALYZE statistics_daily;');
    log(`${rollupRows} roll-up rows in ${rollupSeconds} s`);
  }
  // What the hourly job does for each organisation (its last 8 days, computeRecentRollups).
  const hourly = [];
  for (let i = 0; i < 3; i++)
    for (const org of organizations) {
      const started = performance.now();
      await withSystemAccess('maintenance-job', () =>
        computeDailyRollups(deps, {
          organizationId: org.id,
          timeZone: org.timeZone,
          from: addDays(today, -7),
          to: today,
        }),
      );
      hourly.push(performance.now() - started);
    }
  log(`hourly roll-up of one organisation: median ${r1(pct(hourly, 50))} ms`);

  const rawSpans = args['raw-spans'].split(',').filter(Boolean);
  const runs = [];
  for (let run = 0; run <= Number(args.runs); run++) {
    // Signed in again for each run: on a loaded machine a run outlives an access token.
    const tokens = new Map();
    for (const org of organizations) {
      // The sign-in throttle answers 429 to a quick second round: wait as it says, then again.
      let res;
      for (let attempt = 0; attempt < 5; attempt++) {
        res = await fetch(`${server.base}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: org.admin, password: PASSWORD }),
        });
        if (res.status !== 429) break;
        const waitS = Number(res.headers.get('retry-after')) || 5;
        log(`login ${org.admin}: 429, waiting ${waitS} s`);
        await new Promise((resolve) => setTimeout(resolve, waitS * 1000));
      }
      if (res.status !== 200) throw new Error(`login ${org.admin}: ${res.status}`);
      tokens.set(org.id, (await res.json()).jwt);
    }
    const api = Object.fromEntries(Object.keys(SPANS).map((s) => [s, []]));
    const raw = Object.fromEntries(rawSpans.map((s) => [s, []]));
    for (const [name, span] of Object.entries(SPANS)) {
      for (let i = 0; i < Number(args.requests); i++) {
        const org = organizations[i % organizations.length];
        const team = Math.floor(i / organizations.length) % (org.teams.length + 1);
        const query = new URLSearchParams({
          ...span,
          ...(team > 0 ? { userGroupId: org.teams[team - 1] } : {}),
        });
        const started = performance.now();
        const res = await fetch(`${server.base}/api/statistics?${query}`, {
          headers: { authorization: `Bearer ${tokens.get(org.id)}` },
        });
        const body = await res.json();
        const ms = performance.now() - started;
        if (res.status !== 200) throw new Error(`GET /api/statistics: ${res.status} ${JSON.stringify(body)}`);
        if (run > 0) api[name].push(ms);
      }
    }
    if (run > 0)
      for (const name of rawSpans)
        for (const org of organizations) {
          const started = performance.now();
          await withSystemAccess('maintenance-job', () =>
            countDailyFigures(deps, { organizationId: org.id, timeZone: org.timeZone, ...SPANS[name] }),
          );
          raw[name].push(performance.now() - started);
        }
    if (run === 0) {
      log('warm-up run done');
      continue;
    }
    const all = Object.values(api).flat();
    const rawAll = Object.values(raw).flat();
    const apiSame = rawSpans.flatMap((s) => api[s]);
    const result = {
      api: { all: summary(all), ...Object.fromEntries(Object.entries(api).map(([k, v]) => [k, summary(v)])) },
      raw: {
        all: summary(rawAll),
        ...Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, summary(v)])),
      },
      // The raw count's median over the API's, on the spans both measured.
      ratioMedianRawOverApi: r1(pct(rawAll, 50) / pct(apiSame, 50)),
    };
    log(`run ${run}: API p95 ${result.api.all.p95} ms, raw p50 ${result.raw.all.p50} ms`);
    runs.push(result);
  }
  console.log(
    JSON.stringify(
      {
        db: 'postgres',
        messages: written,
        organizations: organizations.length,
        teams: organizations.reduce((n, o) => n + o.teams.length, 0),
        days: DAYS,
        rollupRows,
        rollupSeconds,
        hourlyRollupPerOrganization: summary(hourly),
        spans: SPANS,
        median: medianOfRuns(runs),
        runs,
      },
      null,
      2,
    ),
  );
} finally {
  await handle.close();
  if (args.keep || args.reuse) server.child.kill('SIGTERM');
  else {
    await server.stop();
    resetDatabase(pgDb);
  }
}
