// Closed-loop read measurements for the read benchmark: `count` GET requests, one at a time or
// by `concurrency` workers (each waits for its answer before its next request), latency per
// request from the moment it was sent until the last byte of the answer was read.
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { maxOf, pct, r1 } from './stats.mjs';

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

/** GETs `url` with `headers`; resolves `{ status, body }` (body text) once it is read. */
export function get(url, headers) {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: 'GET', agent, headers }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** Closes the keep-alive connections (end of a run). */
export const closeReadConnections = () => agent.destroy();

/**
 * Sends `count` requests, the i-th to `urlOf(i)`, by `concurrency` workers. `check(status,
 * body, i)` may throw to flag a wrong answer (counted in `bad`). Returns `{ n, p50Ms, p95Ms,
 * p99Ms, maxMs, perS, bad }`.
 */
export async function measure({ count, concurrency = 1, urlOf, headers, check }) {
  const latencies = new Float64Array(count);
  let next = 0;
  let bad = 0;
  const t0 = performance.now();
  const worker = async () => {
    while (next < count) {
      const i = next++;
      const s = performance.now();
      const { status, body } = await get(urlOf(i), headers);
      latencies[i] = performance.now() - s;
      try {
        if (status !== 200) throw new Error(`HTTP ${status}: ${body.slice(0, 200)}`);
        check?.(body, i);
      } catch (e) {
        if (bad++ === 0) console.error(`  bad answer: ${e.message}`);
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const elapsedS = (performance.now() - t0) / 1000;
  return {
    n: count,
    p50Ms: r1(pct(latencies, 50)),
    p95Ms: r1(pct(latencies, 95)),
    p99Ms: r1(pct(latencies, 99)),
    maxMs: r1(maxOf(latencies)),
    perS: r1(count / elapsedS),
    bad,
  };
}
