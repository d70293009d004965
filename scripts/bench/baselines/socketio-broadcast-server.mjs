#!/usr/bin/env node
// Baseline (issue 3): a bare Socket.IO broadcast server with no database, no auth and no
// ORM. Every client joins one room; each `POST /broadcast?i=<n>` emits `message:created` and
// `conversation:updated` with payloads shaped and sized like Accueil's (body `bench <n>`) to
// that room, then answers 200: the floor of "webhook received → event at the client".
//
//   PORT=3451 node scripts/bench/baselines/socketio-broadcast-server.mjs   (prints "ready")
import http from 'node:http';
import { Server } from 'socket.io';

const port = Number(process.env.PORT ?? 3451);
const id = () => crypto.randomUUID();
const now = () => new Date().toISOString();

function payloads(n) {
  const conversationId = id();
  const message = {
    id: id(), conversationId, seq: n + 1, version: 1, author: '+15145552000', authorName: null, from: '+15145552000', to: '+15145550100',
    body: `bench ${n}`, messageSid: `SMbench${String(n).padStart(26, '0')}`, status: 'received', errorCode: null, direction: 'inbound', type: 'text',
    media: [], createdAt: now(), updatedAt: now(),
  };
  const conversation = {
    id: conversationId, sid: `CH${id().replace(/-/g, '')}`, friendlyName: '+15145552000', organizationId: id(), userGroupId: id(), contact: null,
    status: 'active', attributes: { hasNotification: true }, version: n + 1, lastSeq: n + 1, lastMessage: message, createdAt: now(), updatedAt: now(),
  };
  return { message, conversation };
}

const server = http.createServer((req, res) => {
  const n = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('i'));
  req.on('data', () => {});
  req.on('end', () => {
    const { message, conversation } = payloads(n);
    io.to('team').emit('message:created', { message });
    io.to('team').emit('conversation:updated', { conversation });
    res.writeHead(200, { 'content-type': 'text/xml' }).end('<?xml version="1.0" encoding="UTF-8"?><Response/>');
  });
});
const io = new Server(server, { path: '/socket.io', serveClient: false });
io.on('connection', (socket) => void socket.join('team'));
server.listen(port, '127.0.0.1', () => process.stdout.write('ready\n'));
process.on('SIGTERM', () => {
  io.close();
  server.close(() => process.exit(0));
});
