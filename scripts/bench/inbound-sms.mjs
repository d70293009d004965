#!/usr/bin/env node
// Benchmark: signed Twilio inbound webhooks at a fixed rate into a running Accueil server while
// N Socket.IO clients of the receiving team listen. Reports throughput, webhook latency p50/p99,
// webhook→client-event latency p50/p99, lost and duplicated messages, server RSS.
// Not a test: run it by hand and record the result in docs/benchmarks.md.
//
//   node scripts/bench/inbound-sms.mjs [--db pglite|postgres] [--rate 100] [--duration 20] [--clients 50]
//
// It starts the server itself (twilio carrier, demo data) on a free port with a fresh database:
// PGlite in a temporary folder, or a fresh PostgreSQL database `accueil_bench` on 127.0.0.1.
import { spawn, execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { io } from 'socket.io-client';
import twilio from 'twilio';

const { values: args } = parseArgs({
  options: {
    db: { type: 'string', default: 'pglite' },
    rate: { type: 'string', default: '100' },
    duration: { type: 'string', default: '20' },
    clients: { type: 'string', default: '50' },
    port: { type: 'string', default: '3199' },
    'drain-ms': { type: 'string', default: '5000' },
  },
});
const rate = Number(args.rate);
const durationS = Number(args.duration);
const clientCount = Number(args.clients);
const port = Number(args.port);
const base = `http://127.0.0.1:${port}`;
const authToken = 'bench-auth-token-0123456789abcdef';
const teamNumber = '+15145550100'; // demo "Clinique Démo" / Principal
const repo = new URL('../..', import.meta.url).pathname;

const env = {
  ...process.env,
  PORT: String(port),
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  SEED_DEMO: 'true',
  MESSAGING_CARRIER: 'twilio',
  TWILIO_ACCOUNT_SID: 'AC00000000000000000000000000000001',
  TWILIO_AUTH_TOKEN: authToken,
  PUBLIC_URL: base,
};
let dataDir;
if (args.db === 'postgres') {
  execFileSync('psql', ['-h', '127.0.0.1', '-U', 'postgres', '-d', 'postgres', '-qc', 'DROP DATABASE IF EXISTS accueil_bench WITH (FORCE)']);
  execFileSync('psql', ['-h', '127.0.0.1', '-U', 'postgres', '-d', 'postgres', '-qc', 'CREATE DATABASE accueil_bench']);
  env.DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/accueil_bench';
  env.JWT_SECRET = 'bench-secret-bench-secret-bench-secret-42';
} else {
  delete env.DATABASE_URL;
}
dataDir = mkdtempSync(join(tmpdir(), 'accueil-bench-'));
env.DATA_DIR = dataDir;

const server = spawn(join(repo, 'node_modules/.bin/tsx'), ['apps/server/src/main.ts'], { cwd: repo, env, stdio: ['ignore', 'inherit', 'inherit'] });
const serverPid = server.pid;

function rssMiB() {
  try {
    // tsx runs the server in a child node process: sum the tree's RSS.
    const pids = [serverPid, ...execFileSync('pgrep', ['-P', String(serverPid)]).toString().trim().split('\n').filter(Boolean).map(Number)];
    let kb = 0;
    for (const pid of pids) {
      const m = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
      if (m) kb += Number(m[1]);
    }
    return kb / 1024;
  } catch {
    return NaN;
  }
}

async function waitForServer() {
  for (let i = 0; i < 600; i++) {
    try {
      const r = await fetch(`${base}/api/config`);
      if (r.ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not start');
}

const pct = (xs, p) => {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};

async function main() {
  await waitForServer();
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: 'Demo-Accueil-2026' }),
  });
  if (!login.ok) throw new Error(`login failed ${login.status}`);
  const { jwt } = await login.json();

  const sent = new Map(); // id → send time (ms)
  const received = Array.from({ length: clientCount }, () => new Map()); // per client: id → count
  const eventLatencies = [];
  const sockets = [];
  await Promise.all(
    Array.from({ length: clientCount }, (_, c) =>
      new Promise((resolve, reject) => {
        const s = io(base, { path: '/socket.io', transports: ['websocket'], auth: { token: jwt } });
        s.on('connect', resolve);
        s.on('connect_error', reject);
        s.on('message:created', ({ message }) => {
          const m = /^bench (\d+)$/.exec(message.body);
          if (!m) return;
          const id = Number(m[1]);
          received[c].set(id, (received[c].get(id) ?? 0) + 1);
          const t0 = sent.get(id);
          if (t0 !== undefined) eventLatencies.push(performance.now() - t0);
        });
        sockets.push(s);
      }),
    ),
  );

  const url = `${base}/api/webhooks/twilio/messaging`;
  const total = Math.round(rate * durationS);
  const webhookLatencies = [];
  let non2xx = 0;
  let errors = 0;
  let rssPeak = rssMiB();
  const rssTimer = setInterval(() => (rssPeak = Math.max(rssPeak, rssMiB())), 500);
  const start = performance.now();
  const inflight = [];
  for (let i = 0; i < total; i++) {
    const due = start + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const params = {
      MessageSid: `SMbench${String(i).padStart(26, '0')}`,
      SmsSid: `SMbench${String(i).padStart(26, '0')}`,
      AccountSid: env.TWILIO_ACCOUNT_SID,
      From: `+1514555${String(2000 + (i % 200)).padStart(4, '0')}`,
      To: teamNumber,
      Body: `bench ${i}`,
      NumMedia: '0',
      NumSegments: '1',
      SmsStatus: 'received',
      ApiVersion: '2010-04-01',
    };
    const signature = twilio.getExpectedTwilioSignature(authToken, url, params);
    const t0 = performance.now();
    sent.set(i, t0);
    inflight.push(
      fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signature },
        body: new URLSearchParams(params).toString(),
      })
        .then(async (r) => {
          await r.arrayBuffer();
          webhookLatencies.push(performance.now() - t0);
          if (r.status < 200 || r.status >= 300) non2xx++;
        })
        .catch(() => errors++),
    );
  }
  await Promise.all(inflight);
  const elapsedS = (performance.now() - start) / 1000;
  await new Promise((r) => setTimeout(r, Number(args['drain-ms'])));
  clearInterval(rssTimer);

  let lost = 0;
  let duplicated = 0;
  for (const map of received) {
    for (let i = 0; i < total; i++) {
      const n = map.get(i) ?? 0;
      if (n === 0) lost++;
      else if (n > 1) duplicated += n - 1;
    }
  }
  const result = {
    date: new Date().toISOString(),
    db: args.db,
    rate,
    durationS,
    clients: clientCount,
    sent: total,
    throughputPerS: +(total / elapsedS).toFixed(1),
    webhookP50Ms: +pct(webhookLatencies, 50).toFixed(1),
    webhookP99Ms: +pct(webhookLatencies, 99).toFixed(1),
    eventP50Ms: +pct(eventLatencies, 50).toFixed(1),
    eventP99Ms: +pct(eventLatencies, 99).toFixed(1),
    non2xx,
    networkErrors: errors,
    lostClientEvents: lost,
    duplicatedClientEvents: duplicated,
    serverRssPeakMiB: +rssPeak.toFixed(0),
  };
  console.log(JSON.stringify(result, null, 2));
  for (const s of sockets) s.close();
}

main()
  .catch((e) => {
    console.error(e);
    process.exitCode = 1;
  })
  .finally(() => {
    server.kill('SIGTERM');
    setTimeout(() => {
      rmSync(dataDir, { recursive: true, force: true });
      process.exit();
    }, 1500);
  });
