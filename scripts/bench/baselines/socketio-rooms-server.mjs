#!/usr/bin/env node
// Baseline of the ingest, fan-out and density benchmarks: a bare Socket.IO server, no
// database, no auth, no ORM. A client joins the room named by its `auth.token` (the fan-out
// benchmark passes the team index; clients without a token share one room); each
// `POST /broadcast?i=<n>[&room=<r>][&label=<word>]` emits `message:created` (message and
// conversation), shaped and sized like Accueil's (body `<word> <n>`, default `fan`), to
// room r (default: the tokenless clients' room), then answers 200 as the webhook does: the floor
// of "webhook received → event at the client".
//
//   PORT=3601 node scripts/bench/baselines/socketio-rooms-server.mjs   (GET /health answers once listening)
import http from 'node:http';
import { Server } from 'socket.io';

const port = Number(process.env.PORT ?? 3601);
const id = () => crypto.randomUUID();
const now = () => new Date().toISOString();

function payloads(n, label) {
  const conversationId = id();
  const message = {
    id: id(),
    conversationId,
    seq: n + 1,
    version: 1,
    author: '+15145552000',
    authorName: null,
    from: '+15145552000',
    to: '+14385550001',
    body: `${label} ${n}`,
    messageSid: `SM${label}${String(n).padStart(32 - label.length, '0')}`,
    status: 'received',
    errorCode: null,
    direction: 'inbound',
    type: 'text',
    media: [],
    createdAt: now(),
    updatedAt: now(),
  };
  const conversation = {
    id: conversationId,
    sid: `CH${id().replace(/-/g, '')}`,
    friendlyName: '+15145552000',
    organizationId: id(),
    userGroupId: id(),
    contact: null,
    status: 'active',
    attributes: { hasNotification: true },
    version: n + 1,
    lastSeq: n + 1,
    lastMessage: message,
    createdAt: now(),
    updatedAt: now(),
  };
  return { message, conversation };
}

const server = http.createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://x');
  if (url.pathname === '/health') return void res.writeHead(200).end('ok');
  const n = Number(url.searchParams.get('i'));
  const room = `team:${url.searchParams.get('room') ?? ''}`;
  const label = url.searchParams.get('label') ?? 'fan';
  req.on('data', () => {});
  req.on('end', () => {
    const { message, conversation } = payloads(n, label);
    io.to(room).emit('message:created', { message, conversation });
    res
      .writeHead(200, { 'content-type': 'text/xml' })
      .end('<?xml version="1.0" encoding="UTF-8"?><Response/>');
  });
});
const io = new Server(server, { path: '/socket.io', serveClient: false });
io.on('connection', (socket) => void socket.join(`team:${socket.handshake.auth?.token ?? ''}`));
server.listen(port, '127.0.0.1');
process.on('SIGTERM', () => {
  io.close();
  server.close(() => process.exit(0));
});
