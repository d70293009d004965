#!/usr/bin/env node
// Attachments benchmark (issue 22, docs/behaviour/attachments.md): concurrent 2 MB uploads
// through the real API (POST /api/attachments, multipart, each by another user so that the
// per-user upload rate is not what is measured), on the disk vendor and on S3 (s3rver, the S3
// stand-in the tests use, in a process of its own), against a bare stream of the same bytes to
// the same store measured in the same run (baselines/upload-sink-server.mjs). Not a test: run it
// by hand and record the result in docs/benchmarks.md.
//
//   node scripts/bench/attachments.mjs [--vendors disk,s3] [--counts 50,200] [--runs 3]
//     [--pictures 40] [--port 3321] [--pg-db accueil_attbench] [--out FILE]
//     [--node-args='--cpu-prof --cpu-prof-dir=/tmp/prof'] (flags for the server's node)
//
// Build the server first (`npm run build -w @accueil/server`): the bundle `npm start` runs is
// measured. Per run and vendor: a fresh server on PostgreSQL (lib/accueil-server.mjs, database
// --pg-db dropped and created), 330 users in 33 organisations written straight into the database with
// signed tokens (lib/bench-tenants.mjs), a warm-up (a few uploads of each kind: sharp, the
// multipart parser, the S3 client loaded), then for each count N:
//   - the baseline: N concurrent POSTs of the same multipart body to the sink, which streams
//     it to the store; a second sink (SINK_MULTIPART) parsing the form with the app's parser
//     and storing its file part, the least an API taking multipart uploads does; then the API: N concurrent uploads of a 2,000,000-byte MP3 (media: the
//     class that streams), every answer checked (201);
//   - throughput: N × 2 MB over the wall time from the first request to the last answer (MB/s,
//     base 1000), and the API's as a fraction of the baseline's;
//   - memory: the server's resident set read from /proc every 20 ms during the API's burst, and
//     its VmHWM (reset before the burst through /proc/PID/clear_refs), minus its resident set
//     when idle after the warm-up, before the first burst: the peak over idle, MB;
//   - CPU: the server's (and the sink's) user + system time during its burst (/proc/PID/stat).
// Then thumbnails: --pictures photos of ~150 kB (under the picture limit: re-encoded without
// metadata and given a WebP thumbnail), 4 at a time, each by another user: the upload's time
// (sniff, re-encode, thumbnail, two writes to the store) p50/p95, and GET …/thumbnail p95.
// The load average (1 min) is read at each burst's end: the machine may be shared, so compare
// within a run. The result of each run is one JSON line; the median of the runs follows.
import http from 'node:http';
import { readFileSync, writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { BENCH_JWT_SECRET, nodeBin, repo, startAccueil } from './lib/accueil-server.mjs';
import { createBenchTenants } from './lib/bench-tenants.mjs';
import { s3Env, S3_BUCKET, startS3StandIn } from './lib/s3-stand-in.mjs';
import { start, stop, waitForHttp } from './lib/server-process.mjs';
import { maxOf, pct, r1, reportRuns } from './lib/stats.mjs';

const { values: args } = parseArgs({
  options: {
    vendors: { type: 'string', default: 'disk,s3' },
    counts: { type: 'string', default: '50,200' },
    runs: { type: 'string', default: '3' },
    pictures: { type: 'string', default: '40' },
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
const log = (...m) => console.error(`[attachments] ${m.join(' ')}`);
const MB = 1_000_000;

/** An MP3 of exactly `size` bytes (an ID3 tag, then one MPEG frame repeated), as the tests make it. */
function mp3OfSize(size) {
  const tag = Buffer.from([0x49, 0x44, 0x33, 0x03, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00]);
  const frame = Buffer.alloc(417);
  frame.set([0xff, 0xfb, 0x90, 0x64]);
  const frames = Buffer.concat(Array.from({ length: Math.ceil(size / frame.length) }, () => frame));
  return Buffer.concat([tag, frames]).subarray(0, size);
}

/** A multipart form of one `file` field. */
function multipart(name, data) {
  const boundary = `----accueil-bench-${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n` +
      `Content-Type: application/octet-stream\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { type: `multipart/form-data; boundary=${boundary}`, body: Buffer.concat([head, data, tail]) };
}

// One connection per upload, as 200 browsers would open: no pool limit on the client's side.
const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });

/** POSTs `body` and resolves `{ status, ms, body }` once the answer is read whole. */
function post(url, headers, body) {
  const t0 = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      { method: 'POST', agent, headers: { ...headers, 'content-length': body.length } },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode,
            ms: performance.now() - t0,
            body: Buffer.concat(chunks).toString(),
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** GETs `url` and resolves `{ status, ms }` once read. */
function get(url, headers) {
  const t0 = performance.now();
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent, headers }, (res) => {
        res.on('data', () => {});
        res.on('end', () => resolve({ status: res.statusCode, ms: performance.now() - t0 }));
      })
      .on('error', reject);
  });
}

/** The kB values of a /proc/PID/status line (VmRSS, VmHWM). */
function statusKb(pid, field) {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith(`${field}:`));
  // No such line: the process has exited (a zombie until reaped), which its exit handler reports.
  return line ? Number(line.split(/\s+/)[1]) : 0;
}

/** CPU time (user + system, ms) `pid` has used so far, from /proc/PID/stat (clock ticks of 10 ms). */
function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/**
 * Runs `requests` (functions answering a promise of `{ status }`) all at once while reading
 * `pid`'s resident set every 20 ms; resolves the wall time (ms), the answers, and the peak
 * resident set (kB, the larger of the samples' and VmHWM, reset before).
 */
async function burst(pid, requests) {
  if (pid) writeFileSync(`/proc/${pid}/clear_refs`, '5');
  let peakKb = pid ? statusKb(pid, 'VmRSS') : 0;
  const sampler = pid
    ? setInterval(() => {
        peakKb = Math.max(peakKb, statusKb(pid, 'VmRSS'));
      }, 20)
    : null;
  const cpuAtStart = pid ? cpuMs(pid) : 0;
  const t0 = performance.now();
  const answers = await Promise.all(requests.map((r) => r()));
  const wallMs = performance.now() - t0;
  const cpu = pid ? cpuMs(pid) - cpuAtStart : 0;
  if (sampler) clearInterval(sampler);
  if (pid) peakKb = Math.max(peakKb, statusKb(pid, 'VmHWM'));
  const refused = answers.filter((a) => a.status !== 201);
  if (refused.length > 0)
    throw new Error(
      `${refused.length} of ${answers.length} refused: ${refused[0].status} ${refused[0].body}`,
    );
  return { wallMs, answers, peakKb, cpuMs: cpu, load1: loadavg()[0] };
}

const mbPerS = (n, wallMs) => (n * FILE_BYTES) / MB / (wallMs / 1000);

/** The sink (the baseline) for `vendor` on `sinkPort`. */
async function startSink(vendor, sinkPort, s3Endpoint, { multipart = false } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'accueil-bench-sink-'));
  const env = {
    ...process.env,
    PORT: String(sinkPort),
    SINK_STORE: vendor,
    SINK_DIR: dir,
    SINK_MULTIPART: multipart ? '1' : '0',
    ...(s3Endpoint ? { S3_ENDPOINT: s3Endpoint, S3_BUCKET } : {}),
  };
  const child = start([nodeBin, join(repo, 'scripts/bench/baselines/upload-sink-server.mjs')], env, repo);
  child.on('exit', (code, signal) => {
    if (!stopping) log(`the sink exited (${code ?? signal}) during the run`);
  });
  let stopping = false;
  await waitForHttp(`http://127.0.0.1:${sinkPort}/`, { child });
  return {
    base: `http://127.0.0.1:${sinkPort}`,
    pid: child.pid,
    async stop() {
      stopping = true;
      await stop(child);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

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
  const sink = await startSink(vendor, port + 1, s3?.endpoint);
  const multipartSink = await startSink(vendor, port + 3, s3?.endpoint, { multipart: true });
  try {
    const { users } = await createBenchTenants({
      dbUrl: server.dbUrl,
      jwtSecret: BENCH_JWT_SECRET,
      orgs: 33,
      teamsPerOrg: 1,
      usersPerTeam: 10,
    });
    let next = 0;
    const nextUser = () => {
      if (next >= users.length) throw new Error('not enough bench users');
      return { authorization: `Bearer ${users[next++].token}` };
    };
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
      await post(`${sink.base}/`, { 'content-type': 'application/octet-stream' }, mp3);
      const warmForm = multipart('warm.mp3', mp3);
      await post(
        `${multipartSink.base}/?size=${mp3.length}`,
        { 'content-type': warmForm.type },
        warmForm.body,
      );
    }
    const result = {};
    // Idle: after the warm-up, before any burst. Each burst's peak is read against it, so that
    // what a burst left allocated counts against the next one too.
    await new Promise((r) => setTimeout(r, 500));
    const idleKb = statusKb(server.pid, 'VmRSS');
    for (const n of counts) {
      const form = multipart('note.mp3', mp3);
      const bare = await burst(
        sink.pid,
        Array.from(
          { length: n },
          () => () => post(`${sink.base}/`, { 'content-type': form.type }, form.body),
        ),
      );
      const parsed = await burst(
        multipartSink.pid,
        Array.from(
          { length: n },
          () => () =>
            post(`${multipartSink.base}/?size=${mp3.length}`, { 'content-type': form.type }, form.body),
        ),
      );
      const api = await burst(
        server.pid,
        Array.from({ length: n }, () => () => upload(mp3, 'note.mp3')),
      );
      const latencies = api.answers.map((a) => a.ms);
      result[`n${n}`] = {
        apiMBps: r1(mbPerS(n, api.wallMs)),
        bareMBps: r1(mbPerS(n, bare.wallMs)),
        ratio: Math.round((bare.wallMs / api.wallMs) * 100) / 100,
        // The least an API taking a multipart upload does: the form parsed, the file part stored.
        multipartSinkMBps: r1(mbPerS(n, parsed.wallMs)),
        multipartSinkRatio: Math.round((bare.wallMs / parsed.wallMs) * 100) / 100,
        apiOverMultipartSink: Math.round((parsed.wallMs / api.wallMs) * 100) / 100,
        apiP95Ms: Math.round(pct(latencies, 95)),
        idleRssMB: r1(idleKb / 1000),
        peakOverIdleMB: r1((api.peakKb - idleKb) / 1000),
        sinkPeakRssMB: r1(bare.peakKb / 1000),
        apiCpuMs: api.cpuMs,
        sinkCpuMs: bare.cpuMs,
        multipartSinkCpuMs: parsed.cpuMs,
        load1: r1(api.load1),
      };
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
    await sink.stop();
    await multipartSink.stop();
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
