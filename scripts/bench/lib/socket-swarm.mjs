// Many Socket.IO clients for the realtime benchmarks, spread over several child processes
// (one Node process cannot hold 10,000 websockets and read their events without lagging),
// optionally pinned to one core with taskset. See socket-swarm-worker.mjs for what each records.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { request } from './worker-request.mjs';

const here = new URL('.', import.meta.url).pathname;

/**
 * Starts `procs` worker processes (`taskset -c <core>` when `pinTo` is a core number) and
 * returns the swarm:
 * - `connect(base, clients, concurrency)`: clients (`[{ token }]`) are split into contiguous
 *   slices, one per worker; resolves `{ ok, failed, ms, errors }` once every worker is done
 *   (receipts name clients by their index in `clients` of the first call: call it once when
 *   counting events; density calls it more than once to add sockets);
 * - `reset()`: forget receipts; `report()`: `{ receipts: Float64Array (global client, n, ms)
 *   triples, disconnects, connected }`; `close()`; `pids`.
 */
export function startSwarm({ procs, nodeBin, pinTo = null }) {
  const prefix = pinTo === null ? [] : ['taskset', '-c', String(pinTo)];
  const argv = [...prefix, nodeBin, '--max-old-space-size=4096', join(here, 'socket-swarm-worker.mjs')];
  const workers = Array.from({ length: procs }, () =>
    spawn(argv[0], argv.slice(1), { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] }),
  );
  let offsets = [];
  return {
    pids: workers.map((w) => w.pid),
    async connect(base, clients, concurrency = 100) {
      const size = Math.ceil(clients.length / procs);
      offsets = workers.map((_, w) => w * size);
      const replies = await Promise.all(
        workers.map((w, i) =>
          request(
            w,
            {
              type: 'connect',
              base,
              clients: clients.slice(i * size, (i + 1) * size),
              concurrency: Math.ceil(concurrency / procs),
            },
            'connected',
          ),
        ),
      );
      return {
        ok: replies.reduce((s, r) => s + r.ok, 0),
        failed: replies.reduce((s, r) => s + r.failed, 0),
        ms: Math.max(...replies.map((r) => r.ms)),
        errors: [...new Set(replies.map((r) => r.error).filter(Boolean))],
      };
    },
    async reset() {
      await Promise.all(workers.map((w) => request(w, { type: 'reset' }, 'reset-done')));
    },
    async report() {
      const replies = await Promise.all(workers.map((w) => request(w, { type: 'report' }, 'report')));
      const total = replies.reduce((s, r) => s + r.receipts.length, 0);
      const receipts = new Float64Array(total);
      let at = 0;
      replies.forEach((r, w) => {
        for (let j = 0; j < r.receipts.length; j += 3) {
          receipts[at++] = r.receipts[j] + offsets[w];
          receipts[at++] = r.receipts[j + 1];
          receipts[at++] = r.receipts[j + 2];
        }
      });
      return {
        receipts,
        disconnects: replies.reduce((s, r) => s + r.disconnects, 0),
        connected: replies.reduce((s, r) => s + r.connected, 0),
      };
    },
    async close() {
      await Promise.all(
        workers.map(
          (w) =>
            new Promise((resolve) => {
              if (w.exitCode !== null) return resolve();
              w.once('exit', resolve);
              w.send({ type: 'close' });
              setTimeout(() => w.kill('SIGKILL'), 10_000).unref();
            }),
        ),
      );
    },
  };
}
