// Child process of scripts/bench/presence.mjs: holds a slice of the benchmark's agents (Socket.IO
// clients) and plays them like people for `durationS`: each opens its team's conversation
// (`conversation:viewing`) at a random moment of the first heartbeat period, announces it again
// every heartbeat, and alternates idle spells (10–30 s) with typing spells (3–8 s) in which it
// sends `conversation:typing` once per throttle period, as the web's keystroke throttle does. It
// records each event it sent (agent's user id, kind, time) and each `conversation:activity` it
// received (the sender's user id, kind, time), times on the machine's monotonic clock
// (process.hrtime: the same in every process). Driven over IPC:
//   { type: 'connect', base, clients: [{ auth, userId, conversationId }], concurrency } → { type: 'connected', ok, failed, ms, error? }
//   { type: 'run', durationS, heartbeatMs, throttleMs } → { type: 'ran', sent: [userId, kind, ms…], received: [userId, kind, ms…], disconnects }
//   { type: 'close' }   disconnect everything and exit
import { io } from 'socket.io-client';

const nowMs = () => Number(process.hrtime.bigint()) / 1e6;
const sockets = [];
let received = [];
let disconnects = 0;
let closing = false;

function connectOne(base, client) {
  return new Promise((resolve, reject) => {
    const s = io(base, {
      path: '/socket.io',
      transports: ['websocket'],
      auth: client.auth,
      reconnection: false,
      timeout: 60_000,
    });
    s.once('connect', () => resolve({ socket: s, ...client }));
    s.once('connect_error', (err) => reject(err));
    s.on('disconnect', () => {
      if (!closing) disconnects++;
    });
    s.on('conversation:activity', (a) => received.push(a?.user?.id, a?.kind, nowMs()));
  });
}

async function connectAll({ base, clients, concurrency = 100 }) {
  const t0 = nowMs();
  let ok = 0;
  let failed = 0;
  let error;
  let next = 0;
  const lane = async () => {
    while (next < clients.length) {
      const i = next++;
      try {
        sockets[i] = await connectOne(base, clients[i]);
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

const between = (lo, hi) => lo + Math.random() * (hi - lo);

/** Plays every agent for `durationS`; resolves what was sent and received meanwhile. */
async function run({ durationS, heartbeatMs, throttleMs }) {
  received = [];
  const sent = [];
  const timers = new Set();
  const later = (ms, fn) => {
    const t = setTimeout(() => {
      timers.delete(t);
      fn();
    }, ms);
    timers.add(t);
  };
  const end = nowMs() + durationS * 1000;
  for (const agent of sockets.filter(Boolean)) {
    const { socket, userId, conversationId } = agent;
    const view = () => {
      if (nowMs() >= end) return;
      socket.emit('conversation:viewing', { conversationId, viewing: true });
      sent.push(userId, 'viewing', nowMs());
      later(heartbeatMs, view);
    };
    const type = (until) => {
      if (nowMs() >= end) return;
      if (nowMs() >= until) return later(between(10_000, 30_000), () => type(nowMs() + between(3000, 8000)));
      socket.emit('conversation:typing', { conversationId });
      sent.push(userId, 'typing', nowMs());
      later(throttleMs, () => type(until));
    };
    later(between(0, heartbeatMs), view);
    later(between(1000, 20_000), () => type(nowMs() + between(3000, 8000)));
  }
  await new Promise((r) => setTimeout(r, durationS * 1000));
  for (const t of timers) clearTimeout(t);
  // Late deliveries of the last events.
  await new Promise((r) => setTimeout(r, 1500));
  return { sent, received, disconnects };
}

process.on('message', async (msg) => {
  switch (msg.type) {
    case 'connect':
      process.send({ type: 'connected', ...(await connectAll(msg)) });
      break;
    case 'run':
      process.send({ type: 'ran', ...(await run(msg)) });
      break;
    case 'close':
      closing = true;
      for (const s of sockets) s?.socket.disconnect();
      process.exit(0);
  }
});
