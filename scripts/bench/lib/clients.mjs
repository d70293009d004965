// Socket.IO listeners for the benchmarks: N websocket clients that record, per message
// number (`bench <n>` bodies of `message:created`), when it arrived and how many times.
import { performance } from 'node:perf_hooks';
import { io } from 'socket.io-client';
import { pct, r1 } from './stats.mjs';

/**
 * Connects `count` clients to `base` (auth `{ token }` when given) and resolves once all are
 * connected. `expect(total, due)` arms the recorder for a run of `total` messages whose due
 * times are in `due` (ms, performance.now()); `report()` then counts lost and duplicated
 * (client, message) pairs and the due → event latency; `close()` disconnects all.
 */
export async function connectClients(base, count, token) {
  let counts = [];
  let latencies = [];
  let due = null;
  const sockets = await Promise.all(
    Array.from({ length: count }, (_, c) =>
      new Promise((resolve, reject) => {
        const s = io(base, { path: '/socket.io', transports: ['websocket'], auth: token ? { token } : {}, reconnection: false });
        s.on('connect', () => resolve(s));
        s.on('connect_error', reject);
        s.on('message:created', ({ message }) => {
          const m = /^bench (\d+)$/.exec(message.body);
          if (!m || !due) return;
          const n = Number(m[1]);
          counts[c][n]++;
          if (n < due.length && due[n] > 0) latencies.push(performance.now() - due[n]);
        });
      }),
    ),
  );
  return {
    expect(total, dueTimes) {
      counts = Array.from({ length: count }, () => new Uint16Array(total));
      latencies = [];
      due = dueTimes;
    },
    report() {
      let lost = 0;
      let duplicated = 0;
      for (const perClient of counts) for (const n of perClient) n === 0 ? lost++ : (duplicated += n - 1);
      return { eventP50Ms: r1(pct(latencies, 50)), eventP99Ms: r1(pct(latencies, 99)), lostClientEvents: lost, duplicatedClientEvents: duplicated };
    },
    close: () => sockets.forEach((s) => s.close()),
  };
}
