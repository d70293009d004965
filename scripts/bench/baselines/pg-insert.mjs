#!/usr/bin/env node
// Baseline: a bare single-row INSERT loop at a fixed rate, in one process, with no
// HTTP, no ORM and no realtime: what the database alone costs per durable write on this
// machine. Compare the ingest benchmark against it (same rate, same core, same run).
//
//   node scripts/bench/baselines/pg-insert.mjs --db postgres|pglite --rate 1000 --duration 60
//
// PostgreSQL: a fresh database `--pg-db` (default accueil_bench_d_base), a pool of 20
// connections (the server's default), one autocommitted INSERT … RETURNING per request.
// PGlite: a file-backed PGlite in a temporary folder (like the server's), same statement.
// Prints one JSON object: { sent, sendRatePerS, throughputPerS, p50Ms, p99Ms, …, cpuMs }.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { runOpenLoop, summariseLoop } from '../lib/open-loop.mjs';
import { dropDatabase, resetDatabase } from '../lib/postgres.mjs';

const { values: args } = parseArgs({
  options: {
    db: { type: 'string', default: 'postgres' },
    rate: { type: 'string', default: '1000' },
    duration: { type: 'string', default: '20' },
    warmup: { type: 'string', default: '2' },
    'pg-db': { type: 'string', default: 'accueil_bench_d_base' },
  },
});
const rate = Number(args.rate);
const DDL =
  'CREATE TABLE bench_insert (id uuid PRIMARY KEY DEFAULT gen_random_uuid(), sid text NOT NULL UNIQUE, body text NOT NULL, created_at timestamptz NOT NULL DEFAULT now())';
const INSERT = 'INSERT INTO bench_insert (sid, body) VALUES ($1, $2) RETURNING id';

async function openPostgres() {
  const url = resetDatabase(args['pg-db']);
  const { default: pg } = await import('pg');
  const pool = new pg.Pool({ connectionString: url, max: 20 });
  await pool.query(DDL);
  return {
    query: (sql, params) => pool.query(sql, params),
    close: async () => (await pool.end(), dropDatabase(args['pg-db'])),
  };
}

async function openPglite() {
  const { PGlite } = await import('@electric-sql/pglite');
  const dir = mkdtempSync(join(tmpdir(), 'accueil-bench-pglite-'));
  const db = await PGlite.create(join(dir, 'pglite'));
  await db.query(DDL);
  return {
    query: (sql, params) => db.query(sql, params),
    close: async () => (await db.close(), rmSync(dir, { recursive: true, force: true })),
  };
}

const db = args.db === 'pglite' ? await openPglite() : await openPostgres();
const insert = (prefix) => (i) => db.query(INSERT, [`${prefix}${i}`, `bench ${i}`]).then(() => 200);
await runOpenLoop({ rate, durationS: Number(args.warmup), send: insert('warm') });
const cpu0 = process.cpuUsage();
const res = await runOpenLoop({ rate, durationS: Number(args.duration), send: insert('run') });
const cpu = process.cpuUsage(cpu0);
await db.close();
process.stdout.write(
  `${JSON.stringify({ ...summariseLoop(res), cpuMs: Math.round((cpu.user + cpu.system) / 1000) })}\n`,
);
