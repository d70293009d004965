#!/usr/bin/env node
// Scheduled messages benchmark: N scheduled messages due in the same minute on PostgreSQL, sent by
// the real worker path (pg-boss jobs `send-scheduled-message`, fetched 200 at a time and run as one
// batch: claim → conversations opened in bulk → the texting core's bulk send → the sandbox
// carrier → settle; docs/behaviour/scheduled-messages.md, "Batched sending"), against the bare
// send path of the same run (the sandbox carrier's send alone: one INSERT into sandbox_messages
// per text, as many side by side as the workers call the carrier).
// Not a test: run it by hand and record the result in docs/benchmarks.md.
//
//   node scripts/bench/scheduled.mjs [--messages 100000] [--light 200] [--runs 1] [--port 3470]
//     [--pg-db accueil_bench_scheduled] [--lead-s 20] [--timeout-s 3600] [--baseline 20000] [--baseline-lanes 40]
//     [--spread 2000] [--spread-teams 200] [--spread-orgs 50] [--pool-size 20] [--profile DIR]
//
// The two scenarios, each on its own (the lead's runs on a quiet machine):
//   node scripts/bench/scheduled.mjs --messages 100000 --light 200 --spread 0      (the flood: ratio ≥ 0.5)
//   node scripts/bench/scheduled.mjs --messages 0 --light 0 --spread 2000 --spread-teams 200 --spread-orgs 50
//                                                                                 (pickup p99 < 1 s)
// --messages 0 runs no flood (and no baseline). The summary's `verdict` says whether each target
// measured was met. --pool-size sets the server's DATABASE_POOL_SIZE; --profile DIR writes the
// server's CPU profile there (`--cpu-prof`). BENCH_PG_PORT=5433 runs on another local cluster
// (e.g. one with pg_stat_statements loaded, to see which statements the drain spends on).
//
// --spread: before the flood, that many due in one minute across --spread-teams teams, each with
// its own number, in --spread-orgs organisations (created for the run, each with an administrator
// who authors its messages): the pickup lag of a busy minute across many clinics.
//
// --timeout-s bounds the wait for the flood: on a slow (or shared) machine the run then measures
// what was sent by that time (`settled: false`, lags of the texts sent so far) and goes on.
//
// Per run: a fresh server (lib/accueil-server.mjs, sandbox carrier, demo data). The scheduled
// messages and their sends are written straight into the database (the API's 5-minute rule
// would make the run long; the rows are those the API writes), each to its own number (so the
// team's conversation with it is opened at the send, as for a message scheduled from a contact),
// and their jobs are queued with pg-boss's `insert`, `startAfter` = the due minute, as
// `enqueueSends` does. First --light messages due in one minute (the pickup lag when the queue is
// not flooded), then --messages due in the next. Measured from the database afterwards:
// - pickup lag: the carrier call (sandbox_messages.created_at) minus the due minute, p50/p99/max;
// - sends per second: texts handed to the carrier over the span from the first to the last;
// - carrier calls per message (each message has its own number): any number texted twice is a
//   double send; and the sends' final states (numbers ending in 0000 are the sandbox's landlines:
//   1 in 10,000 fails with 30006, as it should).
// - the server's CPU per send and its event-loop delay while sending (server-probe.mjs).
// The baseline then inserts --baseline sandbox texts, --baseline-lanes at a time (the server's
// carrier calls in flight: 2 workers × 20 per batch), and reports texts per second.
import { parseArgs } from 'node:util';
import pg from 'pg';
import { PgBoss } from 'pg-boss';
import { startAccueil } from './lib/accueil-server.mjs';
import { psql } from './lib/postgres.mjs';
import { median, pct, r1 } from './lib/stats.mjs';

const { values: args } = parseArgs({
  options: {
    messages: { type: 'string', default: '100000' },
    light: { type: 'string', default: '200' },
    runs: { type: 'string', default: '1' },
    port: { type: 'string', default: '3470' },
    'pg-db': { type: 'string', default: 'accueil_bench_scheduled' },
    'lead-s': { type: 'string', default: '20' },
    'timeout-s': { type: 'string', default: '3600' },
    baseline: { type: 'string', default: '20000' },
    'baseline-lanes': { type: 'string', default: '40' },
    spread: { type: 'string', default: '2000' },
    'spread-teams': { type: 'string', default: '200' },
    'spread-orgs': { type: 'string', default: '50' },
    'pool-size': { type: 'string' },
    profile: { type: 'string' },
  },
});
const log = (...m) => console.error(`[scheduled] ${m.join(' ')}`);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** The demo organisation's team with a number and an administrator, who authors the messages. */
function demoSender(db) {
  const [teamId, organizationId, userId, name] = psql(
    db,
    `SELECT t.id, t.organization_id, u.id, u.first_name || ' ' || u.last_name FROM teams t JOIN team_members m ON m.team_id = t.id JOIN users u ON u.id = m.user_id
      WHERE t.phone_number IS NOT NULL AND u.role = 'admin' ORDER BY t.created_at, u.created_at LIMIT 1`,
  ).split('|');
  return { teamId, organizationId, userId, name };
}

/** The first whole minute at least `leadS` seconds from now. */
function nextMinute(leadS) {
  const t = Date.now() + leadS * 1000;
  return new Date(Math.ceil(t / 60_000) * 60_000);
}

/**
 * Writes `count` scheduled messages (title `label`, numbers +1 438 <offset + i>) due at `dueAt`,
 * one send each, and queues their jobs; resolves when all are queued.
 */
async function schedule(client, boss, sender, { label, count, offset, dueAt }) {
  const due = dueAt.toISOString();
  const { rows } = await client.query(
    `WITH m AS (
       INSERT INTO scheduled_messages (organization_id, team_id, to_phone, title, body, local_date, local_time, time_zone, due_at, created_by_user_id, created_by_name)
       SELECT $1, $2, '+1438' || lpad((7000000 + $5::int + i)::text, 7, '0'), $6, 'Rappel ' || i || ' : vous avez rendez-vous demain.', to_char($3::timestamptz, 'YYYY-MM-DD'), to_char($3::timestamptz, 'HH24:MI'), 'UTC', $3, $4, $7
       FROM generate_series(1, $8::int) AS i RETURNING id, organization_id)
     INSERT INTO scheduled_message_sends (organization_id, scheduled_message_id, kind, due_at) SELECT organization_id, id, 'message', $3 FROM m RETURNING id`,
    [sender.organizationId, sender.teamId, due, sender.userId, offset, label, sender.name, count],
  );
  for (let i = 0; i < rows.length; i += 5000) {
    const jobs = rows
      .slice(i, i + 5000)
      .map((r) => ({ data: { organizationId: sender.organizationId, sendId: r.id }, startAfter: dueAt }));
    await boss.insert('send-scheduled-message', jobs);
  }
  return rows.length;
}

/**
 * Creates `orgs` organisations (each with a copy of the demo administrator) and `teams` teams
 * spread over them, each with its own number (+1 873 …); resolves the teams with their author.
 */
async function spreadTeams(client, sender, { orgs, teams }) {
  const { rows } = await client.query(
    `WITH o AS (
       INSERT INTO organizations (name) SELECT 'Bench clinic ' || i FROM generate_series(1, $2::int) AS i RETURNING id),
     numbered AS (SELECT id, row_number() OVER () AS n FROM o),
     u AS (
       INSERT INTO users SELECT (jsonb_populate_record(NULL::users, to_jsonb(x) || jsonb_build_object(
           'id', gen_random_uuid(), 'organization_id', numbered.id,
           'username', 'bench' || numbered.n || '-' || x.username, 'email', 'bench' || numbered.n || '-' || x.email))).*
         FROM users x, numbered WHERE x.id = $1 RETURNING id, organization_id),
     t AS (
       INSERT INTO teams (organization_id, label, phone_number)
       SELECT numbered.id, 'Bench team ' || i, '+1873' || lpad((5000000 + i)::text, 7, '0')
         FROM generate_series(1, $3::int) AS i JOIN numbered ON numbered.n = 1 + (i - 1) % $2::int
       RETURNING id, organization_id)
     SELECT t.id AS team_id, t.organization_id, u.id AS user_id FROM t JOIN u ON u.organization_id = t.organization_id`,
    [sender.userId, orgs, teams],
  );
  return rows.map((r) => ({
    teamId: r.team_id,
    organizationId: r.organization_id,
    userId: r.user_id,
    name: sender.name,
  }));
}

/** Waits until every send of `label` is settled (sent or failed), logging progress every 10 s. */
async function waitSettled(client, label, count, timeoutS) {
  const deadline = Date.now() + timeoutS * 1000;
  let lastLog = 0;
  for (;;) {
    const { rows } = await client.query(
      `SELECT count(*) FILTER (WHERE s.state IN ('sent', 'failed'))::int AS settled FROM scheduled_message_sends s JOIN scheduled_messages m ON m.id = s.scheduled_message_id WHERE m.title = $1`,
      [label],
    );
    const settled = rows[0].settled;
    if (settled >= count) return true;
    if (Date.now() - lastLog > 10_000) {
      log(`${label}: ${settled}/${count} settled`);
      lastLog = Date.now();
    }
    if (Date.now() > deadline) return false;
    await sleep(1000);
  }
}

/** What the database says of the sends of `label`: lags, rate, carrier calls per number, states. */
async function measure(client, label, dueAt) {
  const { rows: calls } = await client.query(
    `SELECT sm.to, extract(epoch FROM sm.created_at - $2::timestamptz) * 1000 AS lag_ms FROM sandbox_messages sm
      WHERE sm.direction = 'to-phone' AND sm.to IN (SELECT to_phone FROM scheduled_messages WHERE title = $1)`,
    [label, dueAt.toISOString()],
  );
  const perNumber = new Map();
  for (const c of calls) perNumber.set(c.to, (perNumber.get(c.to) ?? 0) + 1);
  const lags = calls.map((c) => Number(c.lag_ms));
  const sorted = Float64Array.from(lags).sort();
  const spanS = (sorted[sorted.length - 1] - sorted[0]) / 1000;
  const { rows: states } = await client.query(
    `SELECT s.state, count(*)::int AS n FROM scheduled_message_sends s JOIN scheduled_messages m ON m.id = s.scheduled_message_id WHERE m.title = $1 GROUP BY s.state`,
    [label],
  );
  return {
    carrierCalls: calls.length,
    numbersTexted: perNumber.size,
    numbersTextedTwice: [...perNumber.values()].filter((n) => n > 1).length,
    states: Object.fromEntries(states.map((s) => [s.state, s.n])),
    lagP50Ms: r1(pct(lags, 50)),
    lagP99Ms: r1(pct(lags, 99)),
    lagMaxMs: r1(sorted[sorted.length - 1]),
    firstCallLagMs: r1(sorted[0]),
    sendsPerSecond: r1(calls.length / Math.max(spanS, 0.001)),
  };
}

/** The bare send path: `count` sandbox texts inserted `lanes` at a time; texts per second. */
async function bareSendBaseline(dbUrl, count, lanes) {
  const pool = new pg.Pool({ connectionString: dbUrl, max: lanes });
  let next = 0;
  const started = performance.now();
  const lane = async () => {
    while (next < count) {
      const i = next++;
      await pool.query(
        `INSERT INTO sandbox_messages ("from", "to", body, direction, status) VALUES ($1, $2, $3, 'to-phone', 'sent') RETURNING id`,
        [
          '+15145550100',
          `+1450${String(7000000 + i).padStart(7, '0')}`,
          `Rappel ${i} : vous avez rendez-vous demain.`,
        ],
      );
    }
  };
  await Promise.all(Array.from({ length: lanes }, lane));
  const seconds = (performance.now() - started) / 1000;
  await pool.end();
  return { texts: count, lanes, sendsPerSecond: r1(count / seconds) };
}

async function oneRun(run) {
  const server = await startAccueil({
    port: Number(args.port),
    db: 'postgres',
    pgDb: args['pg-db'],
    seedDemo: true,
    nodeArgs: args.profile ? ['--cpu-prof', `--cpu-prof-dir=${args.profile}`] : [],
    env: {
      MESSAGING_CARRIER: 'sandbox',
      ...(args['pool-size'] ? { DATABASE_POOL_SIZE: args['pool-size'] } : {}),
    },
  });
  const client = new pg.Client({ connectionString: server.dbUrl });
  await client.connect();
  const boss = new PgBoss({ connectionString: server.dbUrl, supervise: false, schedule: false, max: 2 });
  try {
    await boss.start();
    const sender = demoSender(args['pg-db']);
    const result = { run };
    const light = Number(args.light);
    if (light > 0) {
      const dueAt = nextMinute(Number(args['lead-s']));
      await schedule(client, boss, sender, { label: `bench-light-${run}`, count: light, offset: 0, dueAt });
      log(`run ${run}: ${light} due at ${dueAt.toISOString()}`);
      if (!(await waitSettled(client, `bench-light-${run}`, light, Number(args['timeout-s']))))
        log('light: timed out');
      result.light = await measure(client, `bench-light-${run}`, dueAt);
      log(`light: ${JSON.stringify(result.light)}`);
    }
    const spread = Number(args.spread);
    if (spread > 0) {
      const teams = await spreadTeams(client, sender, {
        orgs: Number(args['spread-orgs']),
        teams: Number(args['spread-teams']),
      });
      const dueAt = nextMinute(Number(args['lead-s']) + 10);
      const perTeam = Math.ceil(spread / teams.length);
      for (const [n, team] of teams.entries()) {
        await schedule(client, boss, team, {
          label: `bench-spread-${run}`,
          count: Math.min(perTeam, spread - n * perTeam),
          offset: 500_000 + n * perTeam,
          dueAt,
        });
      }
      log(`run ${run}: ${spread} due at ${dueAt.toISOString()} across ${teams.length} teams`);
      if (!(await waitSettled(client, `bench-spread-${run}`, spread, Number(args['timeout-s']))))
        log('spread: timed out');
      result.spread = await measure(client, `bench-spread-${run}`, dueAt);
      log(`spread: ${JSON.stringify(result.spread)}`);
    }
    const count = Number(args.messages);
    if (count === 0) return result;
    const dueAt = nextMinute(Number(args['lead-s']) + 30);
    const writeStarted = performance.now();
    await schedule(client, boss, sender, { label: `bench-flood-${run}`, count, offset: light, dueAt });
    log(
      `run ${run}: ${count} written and queued in ${r1((performance.now() - writeStarted) / 1000)} s, due at ${dueAt.toISOString()}`,
    );
    if (Date.now() > dueAt.getTime())
      log('warning: the sends were queued after their minute; raise --lead-s');
    await server.probe(); // the probe's window starts here: the server's CPU while it sends
    const settled = await waitSettled(client, `bench-flood-${run}`, count, Number(args['timeout-s']));
    const probe = await server.probe();
    const flood = await measure(client, `bench-flood-${run}`, dueAt);
    result.flood = {
      ...flood,
      settled,
      serverCpuMsPerSend: r1(probe.cpuMs / Math.max(flood.carrierCalls, 1)),
      eventLoopDelayP99Ms: probe.eldP99Ms,
    };
    log(`flood: ${JSON.stringify(result.flood)}`);
    result.baseline = await bareSendBaseline(
      server.dbUrl,
      Number(args.baseline),
      Number(args['baseline-lanes']),
    );
    result.ratio = r1((result.flood.sendsPerSecond / result.baseline.sendsPerSecond) * 1000) / 1000;
    log(`baseline: ${JSON.stringify(result.baseline)}; ratio ${result.ratio}`);
    return result;
  } finally {
    await boss.stop({ graceful: false }).catch(() => undefined);
    await client.end();
    await server.stop();
  }
}

const runs = [];
for (let run = 1; run <= Number(args.runs); run++) runs.push(await oneRun(run));
const summary = {
  messages: Number(args.messages),
  runs: runs.length,
  median: {
    lightLagP50Ms: median(runs.map((r) => r.light?.lagP50Ms)),
    lightLagP99Ms: median(runs.map((r) => r.light?.lagP99Ms)),
    spreadLagP50Ms: median(runs.map((r) => r.spread?.lagP50Ms)),
    spreadLagP99Ms: median(runs.map((r) => r.spread?.lagP99Ms)),
    floodLagP50Ms: median(runs.map((r) => r.flood?.lagP50Ms)),
    floodLagP99Ms: median(runs.map((r) => r.flood?.lagP99Ms)),
    floodFirstCallLagMs: median(runs.map((r) => r.flood?.firstCallLagMs)),
    sendsPerSecond: median(runs.map((r) => r.flood?.sendsPerSecond)),
    bareSendsPerSecond: median(runs.map((r) => r.baseline?.sendsPerSecond)),
    ratio: median(runs.map((r) => r.ratio)),
    numbersTextedTwice: Math.max(
      ...runs.map(
        (r) =>
          (r.flood?.numbersTextedTwice ?? 0) +
          (r.light?.numbersTextedTwice ?? 0) +
          (r.spread?.numbersTextedTwice ?? 0),
      ),
    ),
  },
  runsDetail: runs,
};
// Issue 21's targets, for the scenarios run: the flood drains at ≥ 0.5× the bare carrier send of
// the same run; the spread minute leaves with pickup p99 < 1 s; nothing is texted twice.
summary.verdict = {
  ...(!Number.isFinite(summary.median.ratio) ? {} : { floodRatioAtLeastHalf: summary.median.ratio >= 0.5 }),
  ...(!Number.isFinite(summary.median.spreadLagP99Ms)
    ? {}
    : { spreadPickupP99UnderOneSecond: summary.median.spreadLagP99Ms < 1000 }),
  noneTextedTwice: summary.median.numbersTextedTwice === 0,
};
console.log(JSON.stringify(summary));
