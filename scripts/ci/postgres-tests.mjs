#!/usr/bin/env node
// The PostgreSQL- and Redis-specific server tests (Vitest project `server-postgres`,
// vitest.config.ts) on a database of their own. With DATABASE_URL set, they run on it as given.
// Without it, a fresh database `accueil_test` is made on the machine's PostgreSQL (127.0.0.1:5432,
// user postgres; PGHOST/PGPORT/PGUSER override), so no earlier run's rows or schema leak in, and
// Redis is REDIS_URL or 127.0.0.1:6379. Fails with a clear message when no PostgreSQL answers:
// these tests are the production path and are never silently skipped.
//
// usage: node scripts/ci/postgres-tests.mjs [vitest options, e.g. --maxWorkers=1]
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';

const require = createRequire(new URL('../../apps/server/package.json', import.meta.url));
const { Client } = require('pg');

const env = { ...process.env, REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379' };
// One test file at a time: most of them start two or three server processes of their own, and two
// such files side by side on two cores slow each other past their timeouts.
env.VITEST_MAX_WORKERS ??= '1';
if (!env.DATABASE_URL) {
  const host = process.env.PGHOST ?? '127.0.0.1';
  const port = process.env.PGPORT ?? '5432';
  const user = process.env.PGUSER ?? 'postgres';
  const admin = new Client({ host, port: Number(port), user, database: 'postgres' });
  try {
    await admin.connect();
    await admin.query('DROP DATABASE IF EXISTS accueil_test WITH (FORCE)');
    await admin.query('CREATE DATABASE accueil_test');
  } catch (error) {
    console.error(
      `The PostgreSQL tests need a PostgreSQL at ${host}:${port} (user ${user}), or DATABASE_URL: ${error.message}`,
    );
    process.exit(1);
  } finally {
    await admin.end().catch(() => {});
  }
  env.DATABASE_URL = `postgres://${user}@${host}:${port}/accueil_test`;
}

// The tests that start server processes (twelve of them, two or three at a time) start the server
// as `npm start` runs it, built here (esbuild, a few seconds): through tsx each compiled the source
// again. The stage took 190 s instead of 211, 73 CPU s instead of 103 (2026-12-01, 2 cores;
// apps/server/src/test/server-processes.ts).
const build = spawnSync('npm', ['run', '--silent', 'build', '-w', '@accueil/server'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);
env.SERVER_PROCESSES_BUILT = '1';

const vitest = spawnSync('npx', ['vitest', 'run', '--project', 'server-postgres', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env,
});
process.exit(vitest.status ?? 1);
