#!/usr/bin/env node
// Baseline of the presence benchmark (scripts/bench/presence.mjs): a bare Socket.IO server, no
// database, no auth, no checks. A client joins `team:<auth.team>` and `user:<auth.user>`; its
// `conversation:viewing` and `conversation:typing` are relayed as `conversation:activity`
// (shaped as Accueil's) to its team's room except its user's room: the floor of Accueil's relay.
//
//   PORT=3611 node scripts/bench/baselines/presence-relay-server.mjs   (GET /health answers once listening)
import http from 'node:http';
import { Server } from 'socket.io';

const port = Number(process.env.PORT ?? 3611);
const server = http.createServer((req, res) => {
  if (req.url === '/health') return void res.writeHead(200).end('ok');
  res.writeHead(404).end();
});
const io = new Server(server, { path: '/socket.io', serveClient: false });
io.on('connection', (socket) => {
  const { team, user } = socket.handshake.auth ?? {};
  void socket.join([`team:${team}`, `user:${user}`]);
  const relay = (kind) => (payload) =>
    socket
      .to(`team:${team}`)
      .except(`user:${user}`)
      .emit('conversation:activity', {
        conversationId: payload?.conversationId,
        user: { id: user, name: 'Bench User' },
        kind,
      });
  socket.on('conversation:typing', relay('typing'));
  const viewing = relay('viewing');
  const left = relay('left');
  socket.on('conversation:viewing', (payload) => (payload?.viewing ? viewing(payload) : left(payload)));
});
server.listen(port, '127.0.0.1');
process.on('SIGTERM', () => {
  io.close();
  server.close(() => process.exit(0));
});
