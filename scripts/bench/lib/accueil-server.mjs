// The Accueil server as the realtime benchmarks run it: its own fresh PostgreSQL database,
// the twilio carrier (signed webhooks), no demo data, warn logs, the server probe preloaded
// (server-probe.mjs: event-loop delay, CPU, memory after GC on SIGUSR2), pinned to a core with
// its PostgreSQL backends when asked.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { keepPostgresPinned, onCore } from './pinning.mjs';
import { start, stop, waitForHttp } from './server-process.mjs';

export const BENCH_AUTH_TOKEN = 'bench-auth-token-0123456789abcdef';
export const BENCH_ACCOUNT_SID = 'AC00000000000000000000000000000001';
export const BENCH_JWT_SECRET = 'bench-secret-bench-secret-bench-secret-42';

const repo = new URL('../../..', import.meta.url).pathname;
export const nodeBin = join(repo, 'node_modules/.bin/node');
const psql = (sql) => execFileSync('psql', ['-h', '127.0.0.1', '-U', 'postgres', '-d', 'postgres', '-qc', sql], { stdio: ['ignore', 'ignore', 'inherit'] });
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * Starts the server on `port` with database `pgDb` (dropped and created), on core `core` when
 * `pin`. `env` adds variables. Resolves `{ base, dbUrl, pid, probe(), stop() }`: `probe()` ends
 * the probe's current window and resolves its numbers; `stop()` stops the server, unpins and
 * drops the database.
 */
export async function startAccueil({ port, pgDb, pin, core = 0, env = {}, nodeArgs = [] }) {
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'accueil-bench-g-'));
  const probeFile = join(dataDir, 'probe.json');
  psql(`DROP DATABASE IF EXISTS ${pgDb} WITH (FORCE)`);
  psql(`CREATE DATABASE ${pgDb}`);
  const dbUrl = `postgres://postgres@127.0.0.1:5432/${pgDb}`;
  const serverEnv = {
    ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', SEED_DEMO: 'false', DATA_DIR: dataDir, DATABASE_URL: dbUrl,
    MESSAGING_CARRIER: 'twilio', TWILIO_ACCOUNT_SID: BENCH_ACCOUNT_SID, TWILIO_AUTH_TOKEN: BENCH_AUTH_TOKEN, PUBLIC_URL: base,
    JWT_SECRET: BENCH_JWT_SECRET, BENCH_PROBE_FILE: probeFile, ...env,
  };
  if (!env.REDIS_URL) delete serverEnv.REDIS_URL;
  const argv = [...onCore(core, pin), nodeBin, '--expose-gc', ...nodeArgs, '--import', 'tsx', '--import', join(repo, 'scripts/bench/server-probe.mjs'), 'apps/server/src/main.ts'];
  const server = start(argv, serverEnv, repo);
  const pinner = pin ? keepPostgresPinned(pgDb, core) : null;
  await waitForHttp(`${base}/api/config`);
  return {
    base,
    dbUrl,
    pid: server.pid,
    async probe() {
      rmSync(probeFile, { force: true });
      server.kill('SIGUSR2');
      for (let i = 0; i < 300 && !existsSync(probeFile); i++) await sleep(20);
      await sleep(20); // the file is written in one call; let it finish
      return JSON.parse(readFileSync(probeFile, 'utf8'));
    },
    async stop() {
      pinner?.stop();
      await stop(server);
      rmSync(dataDir, { recursive: true, force: true });
      psql(`DROP DATABASE IF EXISTS ${pgDb} WITH (FORCE)`);
    },
  };
}
