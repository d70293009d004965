// CPU pinning for the benchmarks (server + database on core 0, load generator on
// core 1) with `taskset`, and per-process CPU time from /proc.
import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';

/** True when pinning makes sense: taskset exists and there are at least 2 cores. */
export function canPin() {
  if (availableParallelism() < 2) return false;
  try {
    execFileSync('taskset', ['-V'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** Pins every thread of `pid` to `core` (`taskset -a -cp`). Returns false when it failed. */
export function pinPid(pid, core) {
  try {
    execFileSync('taskset', ['-a', '-cp', String(core), String(pid)], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/**
 * The argv prefix that starts a command on `core` (nothing when pinning is off), at niceness
 * `nice` when given (a negative value favours the benchmark over other work on a shared machine).
 */
export const onCore = (core, enabled, nice) => [
  ...(nice ? ['nice', '-n', String(nice)] : []),
  ...(enabled ? ['taskset', '-c', String(core)] : []),
];

/**
 * Sets the niceness of `pid` (`renice`) and, on Linux with autogroup scheduling, of its session's
 * group (/proc/PID/autogroup): there a process's niceness only weighs against its own session's
 * processes, and every session's group gets an equal share of the cores, however many processes
 * it runs. False when either failed.
 */
export function renice(pid, nice) {
  try {
    execFileSync('renice', ['-n', String(nice), '-p', String(pid)], { stdio: 'ignore' });
    if (existsSync(`/proc/${pid}/autogroup`)) writeFileSync(`/proc/${pid}/autogroup`, String(nice));
    return true;
  } catch {
    return false;
  }
}

/**
 * The PostgreSQL backends serving database `dbName` (pids from pg_stat_activity). Only those
 * are pinned: the cluster's shared processes (WAL writer, checkpointer, autovacuum) also serve
 * the other engineers' databases on this machine, and a backend does its own commit's WAL flush.
 * Asynchronous: the generator's event loop must never block on it.
 */
export async function postgresBackends(dbName) {
  const sql = `SELECT pid FROM pg_stat_activity WHERE datname = '${dbName}' AND pid <> pg_backend_pid()`;
  const { stdout } = await promisify(execFile)('psql', [
    '-h',
    '127.0.0.1',
    '-U',
    'postgres',
    '-d',
    'postgres',
    '-Atc',
    sql,
  ]);
  return stdout.trim().split('\n').filter(Boolean).map(Number);
}

/**
 * Keeps the backends of `dbName` pinned to `core` while the benchmark runs (a pool opens
 * connections lazily), at niceness `nice` when given: checks every `everyMs`, without blocking. Returns `{ stop(), pinned }`
 * (`pinned`: the set of pids pinned so far).
 */
export function keepPostgresPinned(dbName, core, { everyMs = 1000, nice } = {}) {
  const pinned = new Set();
  let timer = null;
  let stopped = false;
  const scan = async () => {
    try {
      for (const pid of await postgresBackends(dbName)) {
        if (pinned.has(pid)) continue;
        await promisify(execFile)('taskset', ['-a', '-cp', String(core), String(pid)]);
        if (nice) await promisify(execFile)('renice', ['-n', String(nice), '-p', String(pid)]);
        pinned.add(pid);
      }
    } catch {
      /* psql or a pid gone for a moment: next scan */
    }
    if (!stopped) timer = setTimeout(scan, everyMs);
  };
  void scan();
  return {
    pinned,
    stop: () => {
      stopped = true;
      clearTimeout(timer);
    },
  };
}

/** CPU time (user + system, ms) used so far by `pid`, from /proc/<pid>/stat; NaN when gone. */
export function cpuMs(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime are fields 14 and 15 (1-based) of the whole line, in clock ticks (100/s).
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return NaN;
  }
}

/** Resident memory of `pid` in MiB (VmRSS); NaN when gone. */
export function rssMiB(pid) {
  try {
    const m = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : NaN;
  } catch {
    return NaN;
  }
}

/** CPU time (ms) all cores have spent busy since boot (/proc/stat: everything but idle and iowait). */
export function machineBusyMs() {
  const [, ...f] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).map(Number);
  const total = f.slice(0, 8).reduce((a, b) => a + b, 0);
  return (total - f[3] - f[4]) * 10;
}
