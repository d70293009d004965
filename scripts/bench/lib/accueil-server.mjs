// The one launcher of the Accueil server for the benchmarks and reliability scripts: the twilio
// carrier (signed webhooks, lib/twilio-webhook.mjs), warn logs, a fresh database (PGlite in a
// temporary folder, or a PostgreSQL database dropped and created) unless a data set is kept, the
// server probe preloaded (server-probe.mjs: event-loop delay, CPU, memory on SIGUSR2), pinned to a
// core with its PostgreSQL backends when asked.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { keepPostgresPinned, onCore } from './pinning.mjs';
import { dropDatabase, postgresUrl, resetDatabase } from './postgres.mjs';
import { probeReader, start, stop, waitForHttp } from './server-process.mjs';
import { startCommand } from './start-command.mjs';
import { BENCH_ACCOUNT_SID, BENCH_AUTH_TOKEN } from './twilio-webhook.mjs';

export { BENCH_ACCOUNT_SID, BENCH_AUTH_TOKEN };
export const BENCH_JWT_SECRET = 'bench-secret-bench-secret-bench-secret-42';

export { startCommand };

export const repo = new URL('../../..', import.meta.url).pathname;
/** The Node of the repository (`node` package, the version the server is measured on). */
export const nodeBin = join(repo, 'node_modules/.bin/node');

/**
 * The environment of a benchmarked server on `port` over `dataDir`: PostgreSQL at `dbUrl` or
 * PGlite in `dataDir` (no `dbUrl`), demo data when `seedDemo`, signatures over `publicUrl`
 * (default the server's own http address), no Redis unless `extra` sets `REDIS_URL`; `extra`
 * adds or overrides variables.
 */
export function accueilEnv({
  port,
  dataDir,
  dbUrl,
  seedDemo = false,
  publicUrl = `http://127.0.0.1:${port}`,
  extra = {},
}) {
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    SEED_DEMO: String(seedDemo),
    DATA_DIR: dataDir,
    MESSAGING_CARRIER: 'twilio',
    TWILIO_ACCOUNT_SID: BENCH_ACCOUNT_SID,
    TWILIO_AUTH_TOKEN: BENCH_AUTH_TOKEN,
    PUBLIC_URL: publicUrl,
    JWT_SECRET: BENCH_JWT_SECRET,
    ...extra,
  };
  if (dbUrl) env.DATABASE_URL = dbUrl;
  else delete env.DATABASE_URL;
  if (!extra.REDIS_URL) delete env.REDIS_URL;
  return env;
}

/**
 * Starts the server (`node --import tsx apps/server/src/main.ts` from `serverDir`, default this
 * repository) on `port` and resolves once `/api/config` answers (`readyTimeoutS`, default 60):
 * - `db`: 'postgres' (database `pgDb`) or 'pglite' (in `dataDir`);
 * - `keepData`: use `dataDir` / `pgDb` as they are and keep them (a prepared data set); otherwise
 *   a fresh temporary folder and a fresh database, both removed by `stop()`;
 * - `pin`: the server on `core` and its PostgreSQL backends on `pgCore` (default `core`), at
 *   niceness `nice` when given;
 * - `probe` (default true): server-probe.mjs preloaded, with `--expose-gc` when `exposeGc`
 *   (default true: memory read after a full collection);
 * - `nodeArgs`: more flags for node (`--cpu-prof`, …); `seedDemo`, `publicUrl`, `env` as in `accueilEnv`;
 * - `built`: run what `npm start` runs (`startCommand`: the bundle in `apps/server/dist/`, built
 *   beforehand with `npm run build -w @accueil/server`, and its flags) instead of the sources
 *   through tsx.
 * Resolves `{ base, dbUrl, dataDir, child, pid, pinner, probe(), stop() }`: `probe()` ends the
 * probe's current window and resolves its numbers; `stop()` stops the server, unpins and
 * removes the fresh database or folder.
 */
export async function startAccueil({
  port,
  db = 'postgres',
  pgDb,
  dataDir,
  keepData = false,
  seedDemo = false,
  publicUrl,
  env = {},
  pin = false,
  core = 0,
  pgCore = core,
  nice,
  probe = true,
  exposeGc = true,
  nodeArgs = [],
  serverDir = repo,
  readyTimeoutS = 60,
  built = false,
}) {
  const base = `http://127.0.0.1:${port}`;
  const dir = keepData ? dataDir : mkdtempSync(join(tmpdir(), 'accueil-bench-'));
  const probeFile = join(keepData ? tmpdir() : dir, `accueil-probe-${port}-${process.pid}.json`);
  const dbUrl = db === 'postgres' ? (keepData ? postgresUrl(pgDb) : resetDatabase(pgDb)) : undefined;
  const serverEnv = accueilEnv({
    port,
    dataDir: dir,
    dbUrl,
    seedDemo,
    publicUrl,
    extra: { ...(probe ? { BENCH_PROBE_FILE: probeFile } : {}), ...env },
  });
  const loader = built ? [] : ['--import', 'tsx'];
  const preload = probe
    ? [
        ...(exposeGc ? ['--expose-gc'] : []),
        ...loader,
        '--import',
        join(repo, 'scripts/bench/server-probe.mjs'),
      ]
    : loader;
  const started = built ? startCommand() : { flags: [], entry: 'apps/server/src/main.ts' };
  const child = start(
    [...onCore(core, pin, nice), nodeBin, ...started.flags, ...nodeArgs, ...preload, started.entry],
    serverEnv,
    serverDir,
  );
  const pinner = pin && db === 'postgres' ? keepPostgresPinned(pgDb, pgCore, { nice }) : null;
  const cleanUp = async () => {
    pinner?.stop();
    await stop(child);
    if (keepData) return;
    rmSync(dir, { recursive: true, force: true });
    if (db === 'postgres') dropDatabase(pgDb);
  };
  try {
    await waitForHttp(`${base}/api/config`, { timeoutS: readyTimeoutS, child });
  } catch (error) {
    await cleanUp();
    throw error;
  }
  return {
    base,
    dbUrl,
    dataDir: dir,
    child,
    pid: child.pid,
    pinner,
    probe: probeReader(child, probeFile),
    stop: cleanUp,
  };
}

/**
 * Starts the bare Socket.IO baseline server (baselines/socketio-rooms-server.mjs, or `script` of
 * baselines/) on `port`, on `core` when `pin` (niceness `nice` when given), with the probe
 * preloaded when `probe` (and `--expose-gc`), and resolves once `/health` answers:
 * `{ base, child, probe(), stop() }`.
 */
export async function startBareSocketIo({
  port,
  pin = false,
  core = 0,
  nice,
  probe = false,
  script = 'socketio-rooms-server.mjs',
}) {
  const base = `http://127.0.0.1:${port}`;
  const probeFile = join(tmpdir(), `accueil-probe-bare-${port}-${process.pid}.json`);
  const preload = probe ? ['--expose-gc', '--import', join(repo, 'scripts/bench/server-probe.mjs')] : [];
  const env = { ...process.env, PORT: String(port), ...(probe ? { BENCH_PROBE_FILE: probeFile } : {}) };
  const child = start(
    [...onCore(core, pin, nice), nodeBin, ...preload, join(repo, 'scripts/bench/baselines', script)],
    env,
    repo,
  );
  const cleanUp = async () => {
    await stop(child);
    rmSync(probeFile, { force: true });
  };
  try {
    await waitForHttp(`${base}/health`, { child });
  } catch (error) {
    await cleanUp();
    throw error;
  }
  return { base, child, probe: probeReader(child, probeFile), stop: cleanUp };
}
