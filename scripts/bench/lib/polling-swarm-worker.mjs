// Child process of the polling benchmark (polling.mjs): holds a slice of its polling clients, each
// polling GET /api/messaging/v1/polling as the web app's transport does (apps/web/src/lib/
// polling-transport.ts): a first poll without cursor (the present), then one poll at a time, the
// next `intervalMs` after the previous answer from its cursor, at once again after a full page
// (`more`). Each client records every `message:created` whose body is `fan <n>` (client, n) and
// checks the order: events' `seq` strictly increasing across its polls (a repeated or backward
// seq is counted). Driven over IPC:
//   { type: 'start', base, clients: [{ token }], intervalMs, limit } → { type: 'started' } once every client has its cursor
//   { type: 'mark' }    → { type: 'marked', polls, failures }: the counts so far (a window's bounds)
//   { type: 'drain' }   → { type: 'drained' } once every client has finished a poll it began after
//                         this message: it has read every event committed before it
//   { type: 'stop' }    → { type: 'stopped', polls, failures, resets, outOfOrder, receipts: (client, n) pairs }
// Node's fetch keeps its connections alive, as a browser does.
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
let running = false;
let polls = 0;
let failures = 0;
let resets = 0;
let outOfOrder = 0;
const receipts = [];
const loops = [];
/** Per client: when its latest answered poll began (ms, performance.now()). */
const answeredPollStartedAt = [];
let drain = null;

function checkDrained() {
  if (drain && answeredPollStartedAt.every((t) => t > drain.since)) {
    const { resolve } = drain;
    drain = null;
    resolve();
  }
}

async function poll(base, token, cursor, limit) {
  const query = cursor === null ? `limit=${limit}` : `cursor=${cursor}&limit=${limit}`;
  const res = await fetch(`${base}/api/messaging/v1/polling?${query}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const body = await res.json();
  if (res.status !== 200) throw new Error(`poll ${res.status} ${JSON.stringify(body).slice(0, 200)}`);
  return body;
}

/** One client's loop: `ready` resolves once it has its first cursor. */
function client(index, { base, token, intervalMs, limit }, ready) {
  let cursor = null;
  let lastSeq = 0n;
  return (async () => {
    // Clients start spread over one interval, as browsers that signed in at different times.
    await sleep(Math.random() * intervalMs);
    while (cursor === null) {
      try {
        cursor = (await poll(base, token, null, limit)).cursor;
        lastSeq = BigInt(cursor);
      } catch {
        failures++;
        await sleep(intervalMs);
      }
    }
    answeredPollStartedAt[index] = 0;
    ready();
    while (running) {
      await sleep(intervalMs);
      let more = true;
      while (more && running) {
        try {
          const began = performance.now();
          const page = await poll(base, token, cursor, limit);
          polls++;
          answeredPollStartedAt[index] = began;
          if (page.reset) resets++;
          for (const event of page.events) {
            const seq = BigInt(event.seq);
            if (seq <= lastSeq) outOfOrder++;
            lastSeq = seq;
            if (event.name !== 'message:created') continue;
            const m = /^fan (\d+)$/.exec(event.payload?.message?.body ?? '');
            if (m) receipts.push(index, Number(m[1]));
          }
          cursor = page.cursor;
          more = page.more;
          checkDrained();
        } catch {
          failures++;
          more = false;
        }
      }
    }
  })();
}

process.on('message', async (msg) => {
  switch (msg.type) {
    case 'start': {
      running = true;
      let readyCount = 0;
      await new Promise((resolve) => {
        msg.clients.forEach((c, i) =>
          loops.push(
            client(i, { ...msg, token: c.token }, () => {
              if (++readyCount === msg.clients.length) resolve();
            }),
          ),
        );
      });
      process.send({ type: 'started' });
      break;
    }
    case 'drain':
      await new Promise((resolve) => {
        drain = { since: performance.now(), resolve };
        checkDrained();
      });
      process.send({ type: 'drained' });
      break;
    case 'mark':
      process.send({ type: 'marked', polls, failures });
      break;
    case 'stop':
      running = false;
      await Promise.all(loops);
      // Exit once the message is written: a large one (60,000 receipts) outgrows the pipe's
      // buffer, and exiting at once cut it short (the benchmark then waited for ever).
      process.send({ type: 'stopped', polls, failures, resets, outOfOrder, receipts }, () => process.exit(0));
  }
});
