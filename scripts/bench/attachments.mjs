#!/usr/bin/env node
// Attachments benchmark (issue 22, docs/behaviour/attachments.md): concurrent 2 MB uploads
// through the real API (POST /api/attachments, multipart, each by another user so that the
// per-user upload rate is not what is measured), on the disk vendor and on S3 (s3rver, the S3
// stand-in the tests use, in a process of its own), against a bare stream of the same bytes to
// the same store measured in the same run (baselines/upload-sink-server.mjs). Not a test: run it
// by hand and record the result in docs/benchmarks.md.
//
//   node scripts/bench/attachments.mjs [--vendors disk,s3] [--counts 50,200] [--runs 3]
//     [--rounds 3] [--pictures 40] [--warm 300] [--port 3321] [--pg-db accueil_attbench] [--out FILE]
//     [--node-args='--cpu-prof --cpu-prof-dir=/tmp/prof'] (flags for the server's node)
//
// Build the server first (`npm run build -w @accueil/server`): the bundle `npm start` runs is
// measured. Per run and vendor: a fresh server on PostgreSQL (lib/accueil-server.mjs, database
// --pg-db dropped and created), 330 users in 33 organisations written straight into the database with
// signed tokens (lib/bench-tenants.mjs), a warm-up (a few uploads of each kind: sharp, the
// multipart parser, the S3 client loaded; then 300 media uploads, 100 at once, to each of the
// server and the sinks: the JIT's warm-up), then for each count N, --rounds times (the targets
// alternated in each round; per target the burst of median wall time is reported):
//   - the baseline: N concurrent POSTs of the same multipart body to the sink, which streams
//     it to the store; a second sink (SINK_MULTIPART) parsing the form with the app's parser
//     and storing its file part, the least an API taking multipart uploads does; then the API:
//     N concurrent uploads of the same body (a 2,000,000-byte MP3: media, the class that
//     streams), each by another user, every answer checked (201); before each burst, the files
//     of the earlier ones deleted from every store and `sync` (`settle`, lib/upload-rounds.mjs:
//     each burst writes into page-cache pages used before, as a server that has been running does);
//   - throughput: N × 2 MB over the wall time from the first request to the last answer (MB/s,
//     base 1000), and the API's as a fraction of the baseline's;
//   - memory: the server's resident set read from /proc every 20 ms during the API's burst, and
//     its VmHWM (reset before the burst through /proc/PID/clear_refs), minus its resident set
//     when idle after the first uploads, before the JIT's warm-up: the peak over idle, MB;
//   - CPU: the server's (and the sink's) user + system time during its burst (/proc/PID/stat).
// Then thumbnails: --pictures photos of ~150 kB (under the picture limit: re-encoded without
// metadata and given a WebP thumbnail), 4 at a time, each by another user: the upload's time
// (sniff, re-encode, thumbnail, two writes to the store) p50/p95, and GET …/thumbnail p95.
// The load average (1 min) is read at each burst's end: the machine may be shared, so compare
// within a run. The result of each run is one JSON line; the median of the runs follows.
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { accueilEnv, BENCH_JWT_SECRET, startAccueil } from './lib/accueil-server.mjs';
import { createBenchTenants } from './lib/bench-tenants.mjs';
import { s3Env, startS3StandIn } from './lib/s3-stand-in.mjs';
import { maxOf, pct, r1, reportRuns } from './lib/stats.mjs';
import { burstRounds, roundsResult } from './lib/upload-rounds.mjs';
import { agent, get, mp3OfSize, multipart, post, startSink, statusKb } from './lib/upload-bench.mjs';

const { values: args } = parseArgs({
  options: {
    vendors: { type: 'string', default: 'disk,s3' },
    counts: { type: 'string', default: '50,200' },
    runs: { type: 'string', default: '3' },
    pictures: { type: 'string', default: '40' },
    warm: { type: 'string', default: '300' },
    rounds: { type: 'string', default: '3' },
    port: { type: 'string', default: '3321' },
    'pg-db': { type: 'string', default: 'accueil_attbench' },
    out: { type: 'string' },
    'node-args': { type: 'string', default: '' },
  },
});
const port = Number(args.port);
const counts = args.counts.split(',').map(Number);
const vendors = args.vendors.split(',');
const PICTURES = Number(args.pictures);
const FILE_BYTES = 2_000_000;
/** Media uploads to each of the server and the sinks before the first burst measured (JIT warm-up; `--warm`). */
const WARM_UPLOADS = Number(args.warm);
/** Rounds of every target's burst per count and run (`--rounds`; lib/upload-rounds.mjs `burstRounds`). */
const ROUNDS = Number(args.rounds);
const log = (...m) => console.error(`[attachments] ${m.join(' ')}`);

/** A photo of about 150 kB (noisy pixels compress badly) with EXIF, under the picture limit. */
async function photo() {
  const width = 480;
  const height = 360;
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 7919 + ((i / 3) | 0) * 104729) % 251;
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 80 })
    .withExif({ IFD0: { Make: 'Apple', Model: 'iPhone 15' } })
    .toBuffer();
}

const mp3 = mp3OfSize(FILE_BYTES);
const picture = await photo();
if (picture.length > 200_000) throw new Error(`the photo is ${picture.length} bytes: over the limit`);

/** One vendor in one run: a fresh server (and s3rver), the bursts, the thumbnails. */
async function oneVendor(vendor) {
  const s3 = vendor === 's3' ? await startS3StandIn(port + 2) : null;
  const server = await startAccueil({
    port,
    pgDb: args['pg-db'],
    probe: false,
    built: true,
    nodeArgs: args['node-args'].split(' ').filter(Boolean),
    env: s3 ? s3Env(s3.endpoint) : {},
  });
  let stopping = false;
  server.child.on('exit', (code, signal) => {
    if (!stopping) log(`the server exited (${code ?? signal}) during the run`);
  });
  const sink = await startSink(vendor, port + 1, s3?.endpoint);
  const multipartSink = await startSink(vendor, port + 3, s3?.endpoint, { multipart: true });
  // The ceiling: the multipart sink in a process running the app (its heap), a row read and one
  // written per upload (baselines/upload-sink-server.mjs, SINK_APP).
  const appDir = mkdtempSync(join(tmpdir(), 'accueil-bench-appsink-'));
  const appSink = await startSink(vendor, port + 5, s3?.endpoint, {
    multipart: true,
    appEnv: accueilEnv({
      port: port + 4,
      dataDir: appDir,
      dbUrl: server.dbUrl,
      extra: s3 ? s3Env(s3.endpoint) : {},
    }),
  });
  const stores = [sink.dir, multipartSink.dir, appSink.dir, s3?.directory ?? join(server.dataDir, 'files')];
  const sinks = [
    { label: 'bare sink', key: 'bare', pid: sink.pid, url: `${sink.base}/` },
    {
      label: 'multipart sink',
      key: 'multipartSink',
      pid: multipartSink.pid,
      url: `${multipartSink.base}/?size=${mp3.length}`,
    },
    { label: 'app-heap sink', key: 'appSink', pid: appSink.pid, url: `${appSink.base}/?size=${mp3.length}` },
  ];
  try {
    const { users } = await createBenchTenants({
      dbUrl: server.dbUrl,
      jwtSecret: BENCH_JWT_SECRET,
      orgs: 33,
      teamsPerOrg: 1,
      usersPerTeam: 10,
    });
    let next = 0;
    // Each upload by the next user, round the 330: one user's uploads in a run stay far under
    // the per-user rate (60 a minute, 10 at once), which is not what is measured.
    const nextUser = () => ({ authorization: `Bearer ${users[next++ % users.length].token}` });
    const upload = (data, name) => {
      const form = multipart(name, data);
      return post(
        `${server.base}/api/attachments?size=${data.length}`,
        { ...nextUser(), 'content-type': form.type },
        form.body,
      );
    };
    // Warm-up: every path loaded once (sharp, the multipart parser, the store's client).
    for (let i = 0; i < 3; i++) {
      for (const answer of [await upload(mp3, 'warm.mp3'), await upload(picture, 'warm.jpg')])
        if (answer.status !== 201) throw new Error(`warm-up refused: ${answer.status} ${answer.body}`);
      const warmForm = multipart('warm.mp3', mp3);
      for (const { url } of sinks) await post(url, { 'content-type': warmForm.type }, warmForm.body);
    }
    // Idle: after the first uploads, before the JIT's warm-up and any burst. Each burst's peak
    // is read against it, so what the warm-up and the bursts left allocated counts too.
    await new Promise((r) => setTimeout(r, 500));
    const idleKb = statusKb(server.pid, 'VmRSS');
    // Then WARM_UPLOADS media uploads on each, 100 at once: the request path compiled (JIT) as in
    // a server that has been serving. A server's per-request code is called once per upload and
    // reaches its optimised tier after hundreds: after 5 uploads its first burst ran 40–46 %
    // slower than its fourth (bursts of 150 and 200, 2026-11-30); the sinks' few functions are
    // hot after a handful.
    const warmForm = multipart('warm.mp3', mp3);
    for (let i = 0; i < WARM_UPLOADS; i += 100)
      await Promise.all(
        Array.from({ length: Math.min(100, WARM_UPLOADS - i) }, () => [
          upload(mp3, 'warm.mp3'),
          ...sinks.map(({ url }) => post(url, { 'content-type': warmForm.type }, warmForm.body)),
        ]).flat(),
      );
    const result = {};
    for (const n of counts) {
      // One body for every request of the bursts, built before them: building 200 bodies
      // of 2 MB inside the API's burst took the client's CPU from the server it shares the
      // machine with (the sinks' bursts reused one body).
      const form = multipart('note.mp3', mp3);
      const apiHeaders = Array.from({ length: n }, () => ({ ...nextUser(), 'content-type': form.type }));
      const rounds = await burstRounds({
        rounds: ROUNDS,
        stores,
        targets: [
          ...sinks.map(({ label, key, pid, url }) => ({
            key,
            label,
            pid,
            requests: Array.from(
              { length: n },
              () => () => post(url, { 'content-type': form.type }, form.body),
            ),
          })),
          {
            key: 'api',
            label: 'API',
            pid: server.pid,
            requests: apiHeaders.map(
              (headers) => () =>
                post(`${server.base}/api/attachments?size=${mp3.length}`, headers, form.body),
            ),
          },
        ],
      });
      result[`n${n}`] = roundsResult({ megabytes: (n * FILE_BYTES) / 1_000_000, rounds, idleKb });
      log(vendor, `n=${n}`, JSON.stringify(result[`n${n}`]));
    }
    // Thumbnails: pictures uploaded 4 at a time, then their thumbnails read.
    const pictureMs = [];
    const thumbnailMs = [];
    for (let i = 0; i < PICTURES; i += 4) {
      const answers = await Promise.all(
        Array.from({ length: Math.min(4, PICTURES - i) }, async () => {
          const headers = nextUser();
          const form = multipart('photo.jpg', picture);
          const answer = await post(
            `${server.base}/api/attachments?size=${picture.length}`,
            { ...headers, 'content-type': form.type },
            form.body,
          );
          if (answer.status !== 201) throw new Error(`picture refused: ${answer.status} ${answer.body}`);
          return { answer, headers };
        }),
      );
      for (const { answer, headers } of answers) {
        pictureMs.push(answer.ms);
        const thumb = await get(
          `${server.base}/api/attachments/${JSON.parse(answer.body).id}/thumbnail`,
          headers,
        );
        if (thumb.status !== 200) throw new Error(`thumbnail: ${thumb.status}`);
        thumbnailMs.push(thumb.ms);
      }
    }
    result.pictures = {
      uploadP50Ms: Math.round(pct(pictureMs, 50)),
      uploadP95Ms: Math.round(pct(pictureMs, 95)),
      thumbnailGetP95Ms: r1(pct(thumbnailMs, 95)),
      maxUploadMs: Math.round(maxOf(pictureMs)),
      load1: r1(loadavg()[0]),
    };
    log(vendor, 'pictures', JSON.stringify(result.pictures));
    return result;
  } finally {
    stopping = true;
    await sink.stop();
    await multipartSink.stop();
    await appSink.stop();
    rmSync(appDir, { recursive: true, force: true });
    await server.stop();
    await s3?.stop();
    agent.destroy();
  }
}

log(`${counts.join('/')} uploads of ${FILE_BYTES} bytes, vendors ${vendors.join(', ')}`);
await reportRuns({
  runs: Number(args.runs),
  out: args.out,
  oneRun: async () => {
    const r = { date: new Date().toISOString(), loadAtStart: r1(loadavg()[0]) };
    for (const vendor of vendors) r[vendor] = await oneVendor(vendor);
    return r;
  },
});
