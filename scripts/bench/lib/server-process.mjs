// Starting and stopping the processes a benchmark measures (pinned with taskset when asked).
import { spawn } from 'node:child_process';
import { once } from 'node:events';

/** Starts `argv` (with `env`), output inherited; resolves with the ChildProcess. */
export function start(argv, env, cwd) {
  return spawn(argv[0], argv.slice(1), { cwd, env, stdio: ['ignore', 'inherit', 'inherit'] });
}

/** Polls `url` until it answers 2xx (60 s at most). */
export async function waitForHttp(url) {
  for (let i = 0; i < 600; i++) {
    try {
      const r = await fetch(url);
      if (r.ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
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
