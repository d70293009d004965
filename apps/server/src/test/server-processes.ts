import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startCommand } from '../../../../scripts/bench/lib/start-command.mjs';
import { TEST_JWT_SECRET } from './test-app';

/** The repository root, from this file (apps/server/src/test/). */
const REPO = fileURLToPath(new URL('../../../../', import.meta.url));
const MAIN = join(REPO, 'apps/server/src/main.ts');
// Two processes compiling with tsx at once take over a minute on a busy two-core machine.
const START_TIMEOUT_MS = 240_000;

/**
 * How a process is started: the server as `npm start` runs it (`startCommand`: node's flags and
 * esbuild's bundle in dist/) when SERVER_PROCESSES_BUILT=1 — `scripts/ci/postgres-tests.mjs`
 * builds it first and sets it: tsx compiled the ~2,000 modules of the source again for each
 * process —, else the source through tsx (a file run on its own needs no build).
 */
function serverCommand(): string[] {
  if (process.env.SERVER_PROCESSES_BUILT !== '1') return ['--import', 'tsx', MAIN];
  const { flags, entry } = startCommand();
  return [...flags, join(REPO, entry)];
}

/** A running server process (`serverCommand`). */
export type ServerProcess = { url: string; child: ChildProcess; output: () => string };

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('freePort: no port');
  return address.port;
}

/**
 * The environment every process of a deployment shares (README "Running several server
 * processes"): production, the database at `databaseUrl`, the shared Redis (REDIS_URL or the
 * local one), one JWT secret, the sandbox carrier allowed. `extra` adds or overrides variables.
 */
export function deploymentEnv(
  databaseUrl: string,
  extra: Record<string, string> = {},
): Record<string, string> {
  return {
    NODE_ENV: 'production',
    DATABASE_URL: databaseUrl,
    REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    JWT_SECRET: TEST_JWT_SECRET,
    // These tests text through the sandbox carrier, which production refuses unless allowed.
    ALLOW_SANDBOX_IN_PRODUCTION: 'true',
    ...extra,
  };
}

/**
 * Starts `count` real server processes (`serverCommand`: the built server or the source) at the
 * same time, as a deployment would, each on its own port, all with the same `env` (at least
 * DATABASE_URL, REDIS_URL, JWT_SECRET), or each with `env(index)` (index 0…count-1) when a test
 * must tell them apart. Resolves when every one printed that it is running.
 * @throws Error with the process's output when one exits or does not start in time.
 */
export async function startServerProcesses(
  count: number,
  env: Record<string, string> | ((index: number) => Record<string, string>),
): Promise<ServerProcess[]> {
  const ports = await Promise.all(Array.from({ length: count }, freePort));
  return Promise.all(ports.map((port, i) => startOne(port, typeof env === 'function' ? env(i) : env)));
}

function startOne(port: number, env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(process.execPath, serverCommand(), {
    cwd: REPO,
    env: {
      PATH: process.env.PATH ?? '',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: join(tmpdir(), `accueil-scaleout-${port}`),
      WEB_DIST_DIR: join(tmpdir(), 'accueil-no-web-app'),
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const proc: ServerProcess = { url: `http://127.0.0.1:${port}`, child, output: () => output };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server on ${port} did not start:\n${output}`));
    }, START_TIMEOUT_MS);
    const onData = () => {
      if (!output.includes('Accueil is running at')) return;
      clearTimeout(timer);
      child.stdout.off('data', onData);
      resolve(proc);
    };
    child.stdout.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server on ${port} exited (${code}):\n${output}`));
    });
  });
}

/** SIGTERM (graceful shutdown), then SIGKILL after 10 s; resolves when every process exited. */
export async function stopServerProcesses(procs: ServerProcess[]): Promise<void> {
  await Promise.all(
    procs.map(
      ({ child }) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
          child.once('exit', () => {
            clearTimeout(force);
            resolve();
          });
          child.kill('SIGTERM');
        }),
    ),
  );
}
