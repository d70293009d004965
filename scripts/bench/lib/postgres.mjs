// The local PostgreSQL server (127.0.0.1:5432, or the port in BENCH_PG_PORT, e.g. a second
// cluster with pg_stat_statements; user postgres, trust) as the benchmarks use it: one statement
// through psql, and each benchmark's own database created fresh or dropped.
import { execFileSync } from 'node:child_process';

/** The local server's port: 5432, or BENCH_PG_PORT. */
const PORT = process.env.BENCH_PG_PORT ?? '5432';

/** The URL of database `name` on the local server. */
export const postgresUrl = (name) => `postgres://postgres@127.0.0.1:${PORT}/${name}`;

/**
 * Runs `sql` in database `db` with psql and returns its output, unaligned and trimmed (rows one
 * a line, columns separated by `|`). Notices below warnings are not printed.
 * @throws Error when psql fails (its message on stderr).
 */
export function psql(db, sql) {
  const env = { ...process.env, PGOPTIONS: '-c client_min_messages=warning' };
  return execFileSync('psql', ['-h', '127.0.0.1', '-p', PORT, '-U', 'postgres', '-d', db, '-Atqc', sql], {
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  })
    .toString()
    .trim();
}

/** Drops database `name` (its connections closed first) if it exists. */
export const dropDatabase = (name) => psql('postgres', `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);

/** Drops database `name` if it exists and creates it empty; returns its URL. */
export function resetDatabase(name) {
  dropDatabase(name);
  psql('postgres', `CREATE DATABASE ${name}`);
  return postgresUrl(name);
}
