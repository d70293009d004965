// One measured load phase shared by the ingest benchmark and its Socket.IO baseline: fixed-rate
// POSTs (bodies and headers prepared beforehand, so the generator only sends) while listening
// clients count the events.
import { post } from './http-post.mjs';
import { writeFileSync } from 'node:fs';
import { latencySeries, runOpenLoop, summariseLoop } from './open-loop.mjs';

/**
 * Prepares `rate × durationS` requests with `prepare(i) → { url, headers, body }`, sends them
 * at fixed times, waits for every answer and `drainMs` for the last events, and returns the
 * webhook summary (`summariseLoop`) merged with the clients' report (when `clients` is given).
 * With `seriesFile`, also writes the per-100-ms latency series there (`latencySeries`), to see
 * whether a tail comes from a few stalls or from everywhere.
 */
export async function drive({ rate, durationS, prepare, clients, drainMs = 2000, seriesFile }) {
  const total = Math.round(rate * durationS);
  const requests = Array.from({ length: total }, (_, i) => prepare(i));
  const due = new Float64Array(total);
  clients?.expect(total, due);
  const res = await runOpenLoop({
    rate,
    durationS,
    send: (i) => {
      const r = requests[i];
      requests[i] = null;
      return post(r.url, r.headers, r.body);
    },
    due,
  });
  await new Promise((r) => setTimeout(r, drainMs));
  if (seriesFile) writeFileSync(seriesFile, JSON.stringify(latencySeries(res, rate)));
  return { ...summariseLoop(res), ...(clients ? clients.report() : {}) };
}
