// The polling benchmark's clients (polling.mjs), spread over several child processes
// (polling-swarm-worker.mjs: what each client does and records), as socket-swarm.mjs spreads
// the websocket clients.
import { fork } from 'node:child_process';
import { join } from 'node:path';
import { request } from './worker-request.mjs';

const here = new URL('.', import.meta.url).pathname;

/**
 * Starts `users` (`[{ token }]`) polling `base` every `intervalMs`, split into contiguous slices
 * over `procs` processes run by `nodeBin`; resolves once every client has its first cursor, with:
 * - `polls()`: the polls answered so far (a window's bounds);
 * - `drain()`: resolves once every client has read every event committed before the call;
 * - `stop()`: `{ pairs: (client index in users, text number) flat pairs, polls, failures, resets,
 *   outOfOrder }`, the workers ended.
 * A worker that dies fails the call waiting on it (`request`).
 */
export async function startPollers({ base, users, procs, intervalMs, nodeBin }) {
  const size = Math.ceil(users.length / procs);
  const workers = Array.from({ length: procs }, () =>
    fork(join(here, 'polling-swarm-worker.mjs'), { execPath: nodeBin, stdio: 'inherit' }),
  );
  await Promise.all(
    workers.map((w, i) =>
      request(
        w,
        { type: 'start', base, clients: users.slice(i * size, (i + 1) * size), intervalMs, limit: 200 },
        'started',
      ),
    ),
  );
  const sum = (replies, key) => replies.reduce((s, r) => s + r[key], 0);
  const all = (msg, replyType) => Promise.all(workers.map((w) => request(w, msg, replyType)));
  return {
    async polls() {
      return sum(await all({ type: 'mark' }, 'marked'), 'polls');
    },
    async drain() {
      await all({ type: 'drain' }, 'drained');
    },
    async stop() {
      const replies = await all({ type: 'stop' }, 'stopped');
      const pairs = [];
      replies.forEach((r, w) => {
        for (let j = 0; j < r.receipts.length; j += 2)
          pairs.push(r.receipts[j] + w * size, r.receipts[j + 1]);
      });
      return {
        pairs,
        polls: sum(replies, 'polls'),
        failures: sum(replies, 'failures'),
        resets: sum(replies, 'resets'),
        outOfOrder: sum(replies, 'outOfOrder'),
      };
    },
  };
}
