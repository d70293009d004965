// Starting and stopping the processes a benchmark measures (pinned with taskset when asked), and
// reading the event-loop/CPU/memory probe (server-probe.mjs) preloaded into them.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readFileSync, rmSync } from 'node:fs';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * Starts `argv` (with `env`, in `cwd`), output inherited unless `spawnOptions` says otherwise
 * (e.g. `{ detached: true, stdio: [...] }`); resolves with the ChildProcess.
 */
export function start(argv, env, cwd, spawnOptions = {}) {
  return spawn(argv[0], argv.slice(1), {
    cwd,
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
    ...spawnOptions,
  });
}

/**
 * Polls `url` every 100 ms until it answers 2xx, for `timeoutS` at most (default 60).
 * @throws Error when the time is out, or at once when `child` (optional) exits meanwhile.
 */
export async function waitForHttp(url, { timeoutS = 60, child } = {}) {
  for (let i = 0; i < timeoutS * 10; i++) {
    if (child && (child.exitCode !== null || child.signalCode !== null))
      throw new Error(`the server exited (${child.exitCode ?? child.signalCode}) before ${url} answered`);
    try {
      const r = await fetch(url);
      if (r.ok) return;
    } catch {}
    await sleep(100);
  }
  throw new Error(`${url} did not answer`);
}

/** SIGTERM, then waits for the exit (SIGKILL after 15 s). */
export async function stop(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

/**
 * The reader of the probe preloaded into `child` (server-probe.mjs, `BENCH_PROBE_FILE=file`):
 * each call ends the probe's current window (SIGUSR2) and resolves with its numbers
 * `{ eldP50Ms, eldP99Ms, eldMaxMs, cpuMs, rssBytes, … }` once written (6 s at most).
 */
export function probeReader(child, file) {
  return async () => {
    rmSync(file, { force: true });
    child.kill('SIGUSR2');
    for (let i = 0; i < 300 && !existsSync(file); i++) await sleep(20);
    await sleep(20); // the file is written in one call; let it finish
    return JSON.parse(readFileSync(file, 'utf8'));
  };
}
