// The attachments benchmark's client side and its baselines (attachments.mjs): the bodies it
// uploads, an HTTP client with one connection per upload, a burst of uploads measured from
// /proc (wall time, the process's CPU and peak resident set), and the sinks the API is compared
// with (baselines/upload-sink-server.mjs).
import http from 'node:http';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { nodeBin, repo, startCommand } from './accueil-server.mjs';
import { cpuMs } from './pinning.mjs';
import { S3_BUCKET } from './s3-stand-in.mjs';
import { start, stop, waitForHttp } from './server-process.mjs';

const log = (...m) => console.error(`[attachments] ${m.join(' ')}`);

/** An MP3 of exactly `size` bytes (an ID3 tag, then one MPEG frame repeated), as the tests make it. */
export function mp3OfSize(size) {
  const tag = Buffer.from([0x49, 0x44, 0x33, 0x03, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00]);
  const frame = Buffer.alloc(417);
  frame.set([0xff, 0xfb, 0x90, 0x64]);
  const frames = Buffer.concat(Array.from({ length: Math.ceil(size / frame.length) }, () => frame));
  return Buffer.concat([tag, frames]).subarray(0, size);
}

/** A multipart form of one `file` field. */
export function multipart(name, data) {
  const boundary = `----accueil-bench-${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n` +
      `Content-Type: application/octet-stream\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { type: `multipart/form-data; boundary=${boundary}`, body: Buffer.concat([head, data, tail]) };
}

// One connection per upload, as 200 browsers would open: no pool limit on the client's side.
export const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });

/** POSTs `body` and resolves `{ status, ms, body }` once the answer is read whole. */
export function post(url, headers, body) {
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
export function get(url, headers) {
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
export function statusKb(pid, field) {
  let status = '';
  try {
    status = readFileSync(`/proc/${pid}/status`, 'utf8');
  } catch {
    // Gone: the process has exited and was reaped, which its exit handler reports.
  }
  const line = status.split('\n').find((l) => l.startsWith(`${field}:`));
  // No such line: the process has exited (a zombie until reaped), which its exit handler reports.
  return line ? Number(line.split(/\s+/)[1]) : 0;
}

/**
 * The machine's CPU time so far, from the first line of /proc/stat, in clock ticks:
 * `{ idle, steal, total }` (idle counts iowait; total counts every state, steal included).
 */
function machineTicks() {
  const fields = readFileSync('/proc/stat', 'utf8')
    .split('\n', 1)[0]
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number);
  const [user, nice, system, idle, iowait, irq, softirq, steal] = fields;
  return { idle: idle + iowait, steal, total: user + nice + system + idle + iowait + irq + softirq + steal };
}

/**
 * Runs `requests` (functions answering a promise of `{ status }`) all at once while reading
 * `pid`'s resident set every 20 ms; resolves the wall time (ms), the answers, and the peak
 * resident set (kB, the larger of the samples' and VmHWM, reset before), `pid`'s CPU and this
 * process's (the client's) during the burst (ms), and the machine's idle and steal shares (%).
 * @throws Error naming `label` and the kinds of failure when an answer is not 201.
 */
export async function burst(pid, requests, label = `pid ${pid}`) {
  if (pid) writeFileSync(`/proc/${pid}/clear_refs`, '5');
  let peakKb = pid ? statusKb(pid, 'VmRSS') : 0;
  const sampler = pid
    ? setInterval(() => {
        peakKb = Math.max(peakKb, statusKb(pid, 'VmRSS'));
      }, 20)
    : null;
  const cpuAtStart = pid ? cpuMs(pid) : 0;
  const machineAtStart = machineTicks();
  const clientAtStart = process.cpuUsage();
  const t0 = performance.now();
  // A connection that fails (the server closed it while the body was sent) is an answer too,
  // status 0: the burst reports it with the others instead of stopping at the first.
  const answers = await Promise.all(
    requests.map((r) => r().catch((error) => ({ status: 0, ms: NaN, body: String(error) }))),
  );
  const wallMs = performance.now() - t0;
  const cpu = pid ? cpuMs(pid) - cpuAtStart : 0;
  const client = process.cpuUsage(clientAtStart);
  const machine = machineTicks();
  const ticks = Math.max(1, machine.total - machineAtStart.total);
  if (sampler) clearInterval(sampler);
  if (pid) peakKb = Math.max(peakKb, statusKb(pid, 'VmHWM'));
  const refused = answers.filter((a) => a.status !== 201);
  if (refused.length > 0) {
    const kinds = [...new Set(refused.map((a) => `${a.status} ${a.body.slice(0, 200)}`))];
    throw new Error(`${refused.length} of ${answers.length} refused by the ${label}: ${kinds.join(' | ')}`);
  }
  return {
    wallMs,
    answers,
    peakKb,
    cpuMs: cpu,
    clientCpuMs: Math.round((client.user + client.system) / 1000),
    // The share of the machine's CPU time left idle and taken by the hypervisor (steal), in %.
    idlePct: Math.round((100 * (machine.idle - machineAtStart.idle)) / ticks),
    stealPct: Math.round((100 * (machine.steal - machineAtStart.steal)) / ticks),
    load1: loadavg()[0],
  };
}

/**
 * The sink (the baseline) for `vendor` (`disk` or `s3`, then at `s3Endpoint`) on `sinkPort`:
 * the request's body streamed to the store, or with `multipart` its form parsed and its file part
 * stored; with `appEnv` (the app's environment, its own PORT) the app runs in the sink's process
 * and each upload reads and writes a row (SINK_APP, the ceiling). Resolves `{ base, pid, dir, stop() }`
 * (`dir`: the folder the disk sink writes in).
 */
export async function startSink(vendor, sinkPort, s3Endpoint, { multipart = false, appEnv = null } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'accueil-bench-sink-'));
  const env = {
    ...(appEnv ? { ...appEnv, SINK_APP: '1' } : process.env),
    SINK_PORT: String(sinkPort),
    SINK_STORE: vendor,
    SINK_DIR: dir,
    SINK_MULTIPART: multipart ? '1' : '0',
    ...(s3Endpoint ? { S3_ENDPOINT: s3Endpoint, S3_BUCKET } : {}),
  };
  // The ceiling runs the app's bundle: with the flags `npm start` gives it, as the API's server.
  const flags = appEnv ? startCommand().flags : [];
  const child = start(
    [nodeBin, ...flags, join(repo, 'scripts/bench/baselines/upload-sink-server.mjs')],
    env,
    repo,
  );
  child.on('exit', (code, signal) => {
    if (!stopping) log(`the sink exited (${code ?? signal}) during the run`);
  });
  let stopping = false;
  await waitForHttp(`http://127.0.0.1:${sinkPort}/`, { child, timeoutS: 90 });
  return {
    base: `http://127.0.0.1:${sinkPort}`,
    pid: child.pid,
    dir,
    async stop() {
      stopping = true;
      await stop(child);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
