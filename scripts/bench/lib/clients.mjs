// Socket.IO listeners for the benchmarks: N websocket clients that record, per message
// number (`<label> <n>` bodies of `message:created`), when it arrived and how many times.
import { performance } from 'node:perf_hooks';
import { io } from 'socket.io-client';
import { pct, r1 } from './stats.mjs';

/**
 * Connects `count` clients to `base` (auth `{ token }` when given) and resolves once all are
 * connected. `expect(total, due, label = 'bench')` arms a recorder for a run of `total` messages
 * with bodies `<label> <n>` whose due times are in `due` (ms, performance.now()); several labels
 * can be recorded at once (a cold window whose last events arrive during the next window).
 * `report(label = 'bench')` then counts lost and duplicated (client, message) pairs and the
 * due → event latency; `close()` disconnects all.
 */
export async function connectClients(base, count, token) {
  /** Per label: `{ counts: Uint16Array per client, latencies, due }`. */
  const recorders = new Map();
  const sockets = await Promise.all(
    Array.from(
      { length: count },
      (_, c) =>
        new Promise((resolve, reject) => {
          const s = io(base, {
            path: '/socket.io',
            transports: ['websocket'],
            auth: token ? { token } : {},
            reconnection: false,
          });
          s.on('connect', () => resolve(s));
          s.on('connect_error', reject);
          s.on('message:created', ({ message }) => {
            const m = /^(\w+) (\d+)$/.exec(message.body);
            const rec = m && recorders.get(m[1]);
            if (!rec) return;
            const n = Number(m[2]);
            if (n >= rec.due.length) return;
            rec.counts[c][n]++;
            if (rec.due[n] > 0) rec.latencies.push(performance.now() - rec.due[n]);
          });
        }),
    ),
  );
  return {
    expect(total, dueTimes, label = 'bench') {
      recorders.set(label, {
        counts: Array.from({ length: count }, () => new Uint16Array(total)),
        latencies: [],
        due: dueTimes,
      });
    },
    report(label = 'bench') {
      const { counts = [], latencies = [] } = recorders.get(label) ?? {};
      let lost = 0;
      let duplicated = 0;
      for (const perClient of counts) for (const n of perClient) n === 0 ? lost++ : (duplicated += n - 1);
      return {
        eventP50Ms: r1(pct(latencies, 50)),
        eventP99Ms: r1(pct(latencies, 99)),
        lostClientEvents: lost,
        duplicatedClientEvents: duplicated,
      };
    },
    close: () => sockets.forEach((s) => s.close()),
  };
}
