#!/usr/bin/env node
// E-mail sync benchmark (issue 23, docs/behaviour/email.md): N messages (a realistic mix: plain
// text, HTML with its text alternative, replies in threads; 10 % with a 150–400 kB attachment)
// appended to a Dovecot started here (the tests' harness), then synced into conversations by the
// real server (EMAIL_CHANNEL_CARRIER=imap, the sync-mailbox job and the IDLE watcher) on
// PostgreSQL, against imapflow alone fetching the same messages' sources in the same run. Not a
// test: run it by hand and record the result in docs/benchmarks.md.
//
//   npm run bench:email -- [--messages 10000] [--runs 3] [--port 3341] [--pg-db accueil_emailbench]
//     [--kill] [--out FILE] [--cpu-prof DIR] [--log-level debug]
//     (run with node --import tsx: it uses the tests' Dovecot harness; `--cpu-prof` writes the
//     server's CPU profile there, `--log-level debug` its `mailbox batch synced` lines: each
//     batch's fetch, parse and record times)
//
// Per run: a fresh Dovecot and database; the messages appended (not timed); the baseline: one
// imapflow connection fetching every message's source (UID FETCH 1:* BODY[]), msgs/s; then the
// server: a team's mailbox connected through the API (PUT /api/teams/:id/mailbox, which signs in
// and asks a sync at once), timed until every message is stored (count of email_messages), msgs/s
// and the ratio to the baseline (target ≥ 0.5×); mailparser alone over the same sources (the
// ratio's ceiling for a sync that parses each mail); the server's peak resident set (VmHWM) and its
// resident set when idle before the sync. With --kill (once more, after the runs, not timed): the
// server is SIGKILLed when about half is stored, started again, and the sync must end with every
// message stored exactly once (count = distinct Message-IDs = N, messages rows = N). The load average
// (1 min) is read at each sync's end: the machine may be shared, compare within a run.
import { appendFileSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { ImapFlow } from 'imapflow';
import { simpleParser } from 'mailparser';
import { startDovecot } from '../../apps/server/src/carriers/email-channel/imap/testing/dovecot.ts';
import { startSmtpStandIn } from '../../apps/server/src/carriers/email/smtp/testing/smtp-stand-in.ts';
import { BENCH_JWT_SECRET, startAccueil } from './lib/accueil-server.mjs';
import { createBenchTenants } from './lib/bench-tenants.mjs';
import { psql } from './lib/postgres.mjs';
import { r1, reportRuns } from './lib/stats.mjs';

const { values: args } = parseArgs({
  options: {
    messages: { type: 'string', default: '10000' },
    runs: { type: 'string', default: '3' },
    port: { type: 'string', default: '3341' },
    'pg-db': { type: 'string', default: 'accueil_emailbench' },
    kill: { type: 'boolean', default: false },
    out: { type: 'string' },
    'cpu-prof': { type: 'string' },
    'log-level': { type: 'string', default: 'warn' },
  },
});
const N = Number(args.messages);
const port = Number(args.port);
const pgDb = args['pg-db'];
const log = (...m) => console.error(`[email] ${m.join(' ')}`);
const ADDRESS = 'bench@clinic.test';
const user = { user: ADDRESS, password: 'Bench-mailbox-1' };

/** Message i of the mix: 60 % plain, 30 % HTML + text, every fifth a reply in a thread; 10 % with a file. */
function message(i) {
  const sender = `patient${i % 400}@example${i % 7}.test`;
  const thread =
    i % 5 === 0 && i > 0
      ? `In-Reply-To: <m${i - 5}@bench.test>\r\nReferences: <m${i - 5}@bench.test>\r\n`
      : '';
  const head = `From: Patient ${i % 400} <${sender}>\r\nTo: ${ADDRESS}\r\nSubject: Rendez-vous ${i}\r\nDate: Mon, 2 Nov 2026 10:00:00 -0500\r\nMessage-ID: <m${i}@bench.test>\r\n${thread}MIME-Version: 1.0\r\n`;
  const text = `Bonjour,\r\n\r\nJe voudrais déplacer mon rendez-vous ${i} à jeudi.\r\n${'Merci de me rappeler. '.repeat(20)}\r\n`;
  const html = `<p>Bonjour,</p><p>Je voudrais déplacer mon rendez-vous <b>${i}</b> à jeudi.</p><p>${'Merci de me rappeler. '.repeat(20)}</p>`;
  const alternative =
    i % 10 < 3
      ? `Content-Type: multipart/alternative; boundary="alt${i}"\r\n\r\n--alt${i}\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\n${text}\r\n--alt${i}\r\nContent-Type: text/html; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\n${html}\r\n--alt${i}--\r\n`
      : `Content-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\n${text}`;
  if (i % 10 !== 9) return Buffer.from(head + alternative);
  const size = 150_000 + ((i * 7919) % 250_000);
  const file = Buffer.alloc(size, i % 251)
    .toString('base64')
    .replace(/.{76}/g, '$&\r\n');
  return Buffer.from(
    `${head}Content-Type: multipart/mixed; boundary="mix${i}"\r\n\r\n--mix${i}\r\n${alternative.replace(/^Content-Type: text\/plain; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\n/, 'Content-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\n')}\r\n--mix${i}\r\nContent-Type: application/pdf; name="resultats-${i}.pdf"\r\nContent-Disposition: attachment; filename="resultats-${i}.pdf"\r\nContent-Transfer-Encoding: base64\r\n\r\n${file}\r\n--mix${i}--\r\n`,
  );
}

const imapClient = (dovecot) =>
  new ImapFlow({
    host: '127.0.0.1',
    port: dovecot.port,
    secure: false,
    auth: { user: user.user, pass: user.password },
    logger: false,
    disableAutoIdle: true,
  });

async function appendAll(dovecot) {
  const client = imapClient(dovecot);
  await client.connect();
  try {
    for (let i = 0; i < N; i++) {
      await client.append('INBOX', message(i));
      if (i % 2000 === 1999) log(`appended ${i + 1}`);
    }
  } finally {
    await client.logout();
  }
}

/** imapflow alone: every message's source, by UID, on one connection. */
async function baseline(dovecot) {
  const client = imapClient(dovecot);
  await client.connect();
  const lock = await client.getMailboxLock('INBOX');
  const start = performance.now();
  let count = 0;
  let bytes = 0;
  const sources = [];
  try {
    for await (const m of client.fetch('1:*', { uid: true, source: true }, { uid: true })) {
      count++;
      bytes += m.source.length;
      sources.push(m.source);
    }
  } finally {
    lock.release();
    await client.logout();
  }
  const seconds = (performance.now() - start) / 1000;
  return { count, mb: r1(bytes / 1e6), seconds: r1(seconds), perSecond: r1(count / seconds), sources };
}

/**
 * The parser alone: mailparser (the library the sync parses with, its options) over the same
 * sources, one after the other, in this process: what any sync that reads each mail's parts
 * cannot go faster than on one core — the ceiling of the ratio, measured in the same run.
 */
async function parserAlone(sources) {
  const options = { skipImageLinks: true, skipTextToHtml: true, skipTextLinks: true };
  const start = performance.now();
  for (const source of sources) await simpleParser(source, options);
  const seconds = (performance.now() - start) / 1000;
  return { seconds: r1(seconds), perSecond: r1(sources.length / seconds) };
}

const stored = () => Number(psql(pgDb, 'SELECT count(*) FROM email_messages'));
const vmHwmMb = (pid) => {
  const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? r1(Number(m[1]) / 1000) : null;
};
const vmRssMb = (pid) => {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? r1(Number(m[1]) / 1000) : null;
};

/** A server reading IMAP mailboxes, on a fresh database (or the same one, `keepData`). */
function startServer(keepData = false) {
  return startAccueil({
    port,
    pgDb,
    keepData,
    probe: false,
    // A loaded machine takes a while to load the sources through tsx.
    readyTimeoutS: 300,
    nodeArgs: args['cpu-prof'] ? ['--cpu-prof', `--cpu-prof-dir=${args['cpu-prof']}`] : [],
    env: { EMAIL_CHANNEL_CARRIER: 'imap', LOG_LEVEL: args['log-level'] },
  });
}

async function connectMailbox(server, smtp, dovecot) {
  const { users } = await createBenchTenants({
    dbUrl: server.dbUrl,
    jwtSecret: BENCH_JWT_SECRET,
    orgs: 1,
    teamsPerOrg: 1,
    usersPerTeam: 1,
  });
  psql(pgDb, `UPDATE users SET role = 'admin' WHERE username LIKE 'bench-%'`);
  psql(pgDb, `UPDATE teams SET email = '${ADDRESS}' WHERE phone_number LIKE '+1438555%'`);
  const teamId = psql(pgDb, `SELECT id FROM teams WHERE email = '${ADDRESS}'`);
  const res = await fetch(`${server.base}/api/teams/${teamId}/mailbox`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${users[0].token}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      imapHost: '127.0.0.1',
      imapPort: dovecot.port,
      imapSecure: false,
      smtpHost: '127.0.0.1',
      smtpPort: smtp.port,
      smtpSecure: false,
      username: user.user,
      password: user.password,
    }),
  });
  if (res.status !== 200) throw new Error(`PUT mailbox: ${res.status} ${await res.text()}`);
}

async function waitFor(check, timeoutS) {
  const until = Date.now() + timeoutS * 1000;
  for (;;) {
    if (check()) return;
    if (Date.now() > until) throw new Error(`not done within ${timeoutS} s`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** One timed run: the baseline, then the server's sync of the same messages. */
async function oneRun(index) {
  const dovecot = await startDovecot([user]);
  const smtp = await startSmtpStandIn({ user: user.user, password: user.password });
  let server;
  try {
    log(`run ${index}: appending ${N} messages`);
    await appendAll(dovecot);
    const { sources, ...base } = await baseline(dovecot);
    log(`baseline ${JSON.stringify(base)}`);
    const parser = await parserAlone(sources);
    sources.length = 0;
    log(`parser alone ${JSON.stringify(parser)}`);
    server = await startServer();
    // The job queue starts 3–5 s after listen.
    await new Promise((r) => setTimeout(r, 6_000));
    const idleMb = vmRssMb(server.pid);
    const start = performance.now();
    await connectMailbox(server, smtp, dovecot);
    await waitFor(() => stored() >= N, 3600);
    const seconds = (performance.now() - start) / 1000;
    return {
      messages: N,
      baselinePerSecond: base.perSecond,
      syncSeconds: r1(seconds),
      syncPerSecond: r1(N / seconds),
      ratio: Math.round((N / seconds / base.perSecond) * 1000) / 1000,
      parserAlonePerSecond: parser.perSecond,
      parserAloneRatio: Math.round((parser.perSecond / base.perSecond) * 1000) / 1000,
      idleRssMb: idleMb,
      peakRssMb: vmHwmMb(server.pid),
      load1: r1(loadavg()[0]),
    };
  } finally {
    await server?.stop().catch(() => {});
    await smtp.close();
    await dovecot.close();
  }
}

/** Not timed: the server SIGKILLed when about half is stored, started again; every message exactly once. */
async function killRun() {
  const dovecot = await startDovecot([user]);
  const smtp = await startSmtpStandIn({ user: user.user, password: user.password });
  let server;
  let again;
  try {
    await appendAll(dovecot);
    server = await startServer();
    await new Promise((r) => setTimeout(r, 6_000));
    await connectMailbox(server, smtp, dovecot);
    await waitFor(() => stored() >= N / 2, 1800);
    const killedAt = stored();
    server.child.kill('SIGKILL');
    await new Promise((r) => setTimeout(r, 1_000));
    log(`killed at ${killedAt} stored`);
    again = await startServer(true);
    // The dead process's job is retried after its heartbeat, its IDLE lease lapses in 60 s, and
    // the minute's sync asks again: the sync goes on from the saved cursor.
    await waitFor(() => stored() >= N, 1800);
    await new Promise((r) => setTimeout(r, 5_000));
    const [count, distinct, messages] = psql(
      pgDb,
      `SELECT count(*), count(DISTINCT rfc_message_id), (SELECT count(*) FROM messages WHERE channel = 'email') FROM email_messages`,
    )
      .split('|')
      .map(Number);
    return {
      killedAt,
      count,
      distinct,
      messageRows: messages,
      exact: count === N && distinct === N && messages === N,
    };
  } finally {
    await again?.stop().catch(() => {});
    await smtp.close();
    await dovecot.close();
  }
}

await reportRuns({ runs: Number(args.runs), out: args.out, oneRun });
if (args.kill) {
  const killed = { kill: true, messages: N, ...(await killRun()) };
  console.log(JSON.stringify(killed));
  if (args.out) appendFileSync(args.out, `${JSON.stringify(killed)}\n`);
}
