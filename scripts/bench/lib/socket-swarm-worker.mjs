// Child process of `socket-swarm.mjs`: holds a slice of the benchmark's Socket.IO clients and
// records, for every `message:created` whose body is `fan <n>`, (client, n, arrival time) on the
// machine's monotonic clock (process.hrtime: the same clock in every process, so the generator's
// send times and these arrival times compare directly). Driven over IPC:
//   { type: 'connect', base, clients: [{ token }], concurrency } → { type: 'connected', ok, failed, ms, error? }
//   { type: 'reset' }   forget the receipts so far (end of warm-up)
//   { type: 'report' }  → { type: 'report', receipts: number[] (client, n, ms triples), disconnects, connected }
//   { type: 'close' }   disconnect everything and exit
import { io } from 'socket.io-client';

const nowMs = () => Number(process.hrtime.bigint()) / 1e6;
const sockets = [];
let receipts = [];
let disconnects = 0;
let closing = false;

function connectOne(base, token, index) {
  return new Promise((resolve, reject) => {
    // No reconnection: a dropped socket must show as a drop, not heal silently.
    const s = io(base, {
      path: '/socket.io',
      transports: ['websocket'],
      auth: { token },
      reconnection: false,
      timeout: 60_000,
    });
    s.once('connect', () => resolve(s));
    s.once('connect_error', (err) => reject(err));
    s.on('disconnect', () => {
      if (!closing) disconnects++;
    });
    s.on('message:created', (payload) => {
      const m = /^fan (\d+)$/.exec(payload?.message?.body ?? '');
      if (m) receipts.push(index, Number(m[1]), nowMs());
    });
  });
}

async function connectAll({ base, clients, concurrency = 100 }) {
  const t0 = nowMs();
  let ok = 0;
  let failed = 0;
  let error;
  let next = 0;
  const first = sockets.length; // a second `connect` adds to the sockets already held
  const lane = async () => {
    while (next < clients.length) {
      const i = next++;
      try {
        sockets[first + i] = await connectOne(base, clients[i].token, first + i);
        ok++;
      } catch (err) {
        failed++;
        error ??= String(err?.message ?? err);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, clients.length) }, lane));
  return { ok, failed, ms: Math.round(nowMs() - t0), error };
}

process.on('message', async (msg) => {
  switch (msg.type) {
    case 'connect':
      process.send({ type: 'connected', ...(await connectAll(msg)) });
      break;
    case 'reset':
      receipts = [];
      process.send({ type: 'reset-done' });
      break;
    case 'report':
      process.send({
        type: 'report',
        receipts,
        disconnects,
        connected: sockets.filter((s) => s?.connected).length,
      });
      break;
    case 'close':
      closing = true;
      for (const s of sockets) s?.close();
      process.exit(0);
  }
});
