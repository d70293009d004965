// The bursts of the upload benchmark (attachments.mjs): each count's targets (the sinks, then the
// API) alternated over rounds, each burst into a settled store, and what a count's rounds give.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { pct, r1 } from './stats.mjs';
import { burst } from './upload-bench.mjs';

/**
 * Before each burst: every file the earlier bursts wrote removed from every store (the sinks'
 * folders, the app's `DATA_DIR/files`, s3rver's folder; folders kept), then `sync`. A burst then
 * writes into page-cache pages that earlier bursts used and freed, whichever target it measures:
 * on these machines (Firecracker VMs) a page of guest memory written for the first time costs
 * about ten times more (400 MB into new files: 870–1,000 ms of system time on pages never used,
 * 75–150 ms on pages freed by deleted files; 2026-11-30), so with the files kept the burst that
 * came last (the API's) paid for fresh memory that the sinks before it had not. `sync`: the
 * earlier bursts' write-back does not run during the next one.
 */
export function settle(folders) {
  for (const folder of folders.filter((f) => existsSync(f)))
    execFileSync('find', [folder, '-type', 'f', '-delete']);
  execFileSync('sync');
}

/**
 * `rounds` rounds of bursts, each round every target in order (`targets`: `{ key, label, pid,
 * requests }`, the API last), each burst after `settle(stores)`: one burst per target left the
 * ratio to a single burst of the bare sink, whose throughput alone varied by a third between runs
 * (348–504 MB/s at 200 on disk, 2026-12-01). Resolves one `{ [key]: burst }` per round.
 * @throws Error (from `burst`) when a target refuses an upload.
 */
export async function burstRounds({ rounds, stores, targets }) {
  const done = [];
  for (let round = 0; round < rounds; round++) {
    const bursts = {};
    for (const { key, label, pid, requests } of targets) {
      settle(stores);
      bursts[key] = await burst(pid, requests, label);
    }
    done.push(bursts);
  }
  return done;
}

const ratio = (a, b) => Math.round((a / b) * 100) / 100;

/**
 * A count's result from its `rounds` (`burstRounds`, targets `bare`, `multipartSink`, `appSink`,
 * `api`), each burst carrying `megabytes` (base 1000): per target the burst of median wall time
 * (its CPU read with it), the API's throughput against each sink's, each round's ratio, the API's
 * latency p95 over every round, its peak resident set over `idleKb` (the highest of its bursts),
 * the client's CPU and the machine's idle share in the API's and the bare sink's bursts.
 */
export function roundsResult({ megabytes, rounds, idleKb }) {
  const medianBurst = (key) =>
    rounds.map((r) => r[key]).sort((a, b) => a.wallMs - b.wallMs)[(rounds.length - 1) >> 1];
  const [bare, parsed, ceiling, api] = ['bare', 'multipartSink', 'appSink', 'api'].map(medianBurst);
  const mbPerS = (wallMs) => r1(megabytes / (wallMs / 1000));
  const peakKb = Math.max(...rounds.map((r) => r.api.peakKb));
  return {
    apiMBps: mbPerS(api.wallMs),
    bareMBps: mbPerS(bare.wallMs),
    ratio: ratio(bare.wallMs, api.wallMs),
    // Each round's ratio, as text: the median of the runs keeps the first run's text.
    roundRatios: rounds.map((r) => (r.bare.wallMs / r.api.wallMs).toFixed(2)).join(' '),
    // The least an API taking a multipart upload does: the form parsed, the file part stored.
    multipartSinkMBps: mbPerS(parsed.wallMs),
    multipartSinkRatio: ratio(bare.wallMs, parsed.wallMs),
    apiOverMultipartSink: ratio(parsed.wallMs, api.wallMs),
    // The ceiling: the multipart sink in a process holding the app's heap, a row read and written per upload.
    appSinkMBps: mbPerS(ceiling.wallMs),
    appSinkRatio: ratio(bare.wallMs, ceiling.wallMs),
    apiOverAppSink: ratio(ceiling.wallMs, api.wallMs),
    apiP95Ms: Math.round(
      pct(
        rounds.flatMap((r) => r.api.answers.map((a) => a.ms)),
        95,
      ),
    ),
    idleRssMB: r1(idleKb / 1000),
    peakOverIdleMB: r1((peakKb - idleKb) / 1000),
    sinkPeakRssMB: r1(bare.peakKb / 1000),
    apiCpuMs: api.cpuMs,
    sinkCpuMs: bare.cpuMs,
    multipartSinkCpuMs: parsed.cpuMs,
    appSinkCpuMs: ceiling.cpuMs,
    clientCpuMs: { api: api.clientCpuMs, bare: bare.clientCpuMs },
    idlePct: { api: api.idlePct, bare: bare.idlePct },
    stealPct: Math.max(...rounds.flatMap((r) => Object.values(r).map((b) => b.stealPct))),
    load1: r1(api.load1),
  };
}
