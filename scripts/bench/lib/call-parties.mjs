// The two ends of a sandbox call as scripted clients of the real server, for the call benchmarks
// (docs/behaviour/calls.md, "Sandbox calls"):
// - a phone simulator: the `/sandbox` Socket.IO namespace (`watch` its number, `voice:updated`,
//   `voice:signal`), `POST /api/sandbox/voice/calls` to dial a team, `…/calls/:id/events` to send
//   its offer and hang up, as apps/web's phone simulator page does;
// - a staff member: their session's access token on the signed-in realtime connection, a voice
//   token (`GET /api/voice/v1/tokens`) registered as a sandbox device
//   (`POST /api/voice/v1/sandbox/devices`), answering each `voice:incoming` at once
//   (`POST /api/voice/v1/sandbox/calls/:id/events` answer, then its offer), as
//   apps/web/src/features/calls/sandbox-device.ts does.
// With `media`, each end opens a real WebRTC leg with the server's media server: a scripted werift
// peer (apps/server/src/test/webrtc-test-peer.ts: a real SDP offer, DTLS-SRTP, Opus payload type);
// once answered, each end sends 80-byte payloads filled with its own tag byte (until the other end
// heard one), so the other end can tell them from the greeting and hold music the server plays. Needs `node --import tsx`.
import { performance } from 'node:perf_hooks';
import { io } from 'socket.io-client';
import { createTestPeer } from '../../../apps/server/src/test/webrtc-test-peer.ts';

const CALLER_TAG = 0xca;
const AGENT_TAG = 0xa9;
const tagged = (tag, n) => Array.from({ length: n }, () => Buffer.alloc(80, tag));
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * What each end saw of each call, by the switchboard's call id (ms, performance.now(), one clock:
 * both ends run in this process): `dialAt`, `incomingAt` (the staff's `voice:incoming`),
 * `answerSentAt`, `answeredAt` (the phone's `voice:updated` in progress), `callerLegAt` /
 * `agentLegAt` (its leg connected), `callerHeardAgentAt` / `agentHeardCallerAt` (the first tagged
 * payload from the other end).
 */
export const timeline = new Map();
const marks = (callId) => {
  if (!timeline.has(callId)) timeline.set(callId, {});
  return timeline.get(callId);
};

/** One promise per key, resolved by whichever side comes first (the event may beat the HTTP answer). */
function deferredMap() {
  const map = new Map();
  const get = (key) => {
    if (!map.has(key)) {
      let resolve;
      const promise = new Promise((r) => (resolve = r));
      map.set(key, { promise, resolve });
    }
    return map.get(key);
  };
  return {
    wait: (key) => get(key).promise,
    resolve: (key, value) => get(key).resolve(value),
    delete: (key) => map.delete(key),
  };
}

/** JSON over HTTP with an optional bearer token; throws with the status and body when not 2xx. */
export async function api(base, path, { token, body } = {}) {
  const method = body ? 'POST' : 'GET';
  const headers = {
    ...(body ? { 'content-type': 'application/json' } : {}),
    ...(token ? { authorization: `Bearer ${token}` } : {}),
  };
  const res = await fetch(`${base}${path}`, {
    method,
    headers,
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} → ${res.status} ${text.slice(0, 300)}`);
  return text ? JSON.parse(text) : null;
}

/** A websocket Socket.IO connection to `url` (namespace in the URL), resolved once connected. */
export function connectSocket(url, auth = {}) {
  return new Promise((resolve, reject) => {
    const socket = io(url, { path: '/socket.io', transports: ['websocket'], auth, reconnection: false });
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

/** Resolves once `peer` has received a payload with `tag` (polled every 5 ms). */
async function heard(peer, tag, timeoutMs = 20_000) {
  const deadline = performance.now() + timeoutMs;
  for (let from = 0; performance.now() < deadline; await sleep(5)) {
    for (; from < peer.received.length; from++)
      if (peer.received[from].length === 80 && peer.received[from][0] === tag) return performance.now();
  }
  throw new Error('no audio from the other end');
}

/**
 * Sends `tag`'s payloads (one per 20 ms, in fives) until `heard()` says the other end got one, 10 s
 * at most: the other end's leg may connect well after this one.
 */
async function talkUntil(peer, tag, heard) {
  for (let i = 0; i < 100 && !heard(); i++) await peer.send(tagged(tag, 5));
}

/** Opens a werift leg: offer through `sendOffer`, answer from `answers` (`voice:signal`); resolves when connected. */
async function openLeg(callId, sendOffer, answers) {
  const peer = createTestPeer();
  const offer = await peer.offer();
  await sendOffer(offer);
  await peer.accept(await answers.wait(callId));
  answers.delete(callId);
  await peer.connected;
  return peer;
}

/**
 * A phone simulator watching `number` on the server at `base`. `call(to, { media })` dials the
 * team number `to` and resolves with the call id once the phone hears it was answered (and, with
 * media, once the agent's tagged audio reached its leg); `hangUp(callId)` ends it.
 */
export async function connectPhone(base, number) {
  const socket = await connectSocket(`${base}/sandbox`);
  socket.emit('watch', number);
  const answered = deferredMap();
  const answers = deferredMap();
  const peers = new Map();
  socket.on('voice:updated', ({ call }) => {
    if (call.state !== 'in-progress') return;
    const m = marks(call.id);
    m.answeredAt ??= performance.now();
    answered.resolve(call.id);
  });
  socket.on('voice:signal', ({ callId, description }) => answers.resolve(callId, description));
  const event = (callId, body) =>
    api(base, `/api/sandbox/voice/calls/${callId}/events`, { body: { number, ...body } });
  return {
    number,
    async call(to, { media }) {
      const dialAt = performance.now();
      const { id } = await api(base, '/api/sandbox/voice/calls', { body: { from: number, to } });
      Object.assign(marks(id), { dialAt });
      if (!media) {
        await answered.wait(id);
        return id;
      }
      const peer = await openLeg(id, (description) => event(id, { type: 'signal', description }), answers);
      peers.set(id, peer);
      marks(id).callerLegAt = performance.now();
      await answered.wait(id);
      const talking = talkUntil(peer, CALLER_TAG, () => marks(id).agentHeardCallerAt !== undefined);
      marks(id).callerHeardAgentAt = await heard(peer, AGENT_TAG);
      await talking;
      return id;
    },
    async hangUp(callId) {
      await event(callId, { type: 'hang-up' });
      await peers.get(callId)?.close();
      peers.delete(callId);
    },
    close: () => socket.close(),
  };
}

/**
 * A staff member signed in with the session access token `accessToken`: connected to the
 * realtime server, its sandbox voice device registered; answers every call that rings it at once
 * (with `media`, connects its leg and talks back). `answered` lists the call ids it took;
 * `errors` what failed.
 */
export async function connectStaff(base, accessToken, { media }) {
  const socket = await connectSocket(base, { token: accessToken });
  const { jwt: token } = await api(base, '/api/voice/v1/tokens', { token: accessToken });
  await api(base, '/api/voice/v1/sandbox/devices', { token: accessToken, body: { token } });
  const answers = deferredMap();
  const peers = new Map();
  const errors = [];
  const event = (callId, body) =>
    api(base, `/api/voice/v1/sandbox/calls/${callId}/events`, { token: accessToken, body });
  const answer = async (callId) => {
    const m = marks(callId);
    m.incomingAt = performance.now();
    m.answerSentAt = performance.now();
    await event(callId, { type: 'answer' });
    if (!media) return;
    const peer = await openLeg(
      callId,
      (description) => event(callId, { type: 'signal', description }),
      answers,
    );
    peers.set(callId, peer);
    m.agentLegAt = performance.now();
    const talking = talkUntil(peer, AGENT_TAG, () => m.callerHeardAgentAt !== undefined);
    m.agentHeardCallerAt = await heard(peer, CALLER_TAG);
    await talking;
  };
  socket.on(
    'voice:incoming',
    ({ call }) => void answer(call.id).catch((error) => errors.push(String(error))),
  );
  socket.on('voice:signal', ({ callId, description }) => answers.resolve(callId, description));
  socket.on('voice:updated', ({ call }) => {
    if (call.state !== 'ended') return;
    void peers.get(call.id)?.close();
    peers.delete(call.id);
  });
  return { errors, close: () => socket.close() };
}
