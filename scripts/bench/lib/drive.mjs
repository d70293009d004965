// One measured load phase shared by the ingest benchmark and its Socket.IO baseline: fixed-rate
// POSTs (bodies and headers prepared beforehand, so the generator only sends) while listening
// clients count the events.
import { post } from './http-post.mjs';
import { writeFileSync } from 'node:fs';
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import { latencySeries, runOpenLoop, summariseLoop } from './open-loop.mjs';

/**
 * Prepares `rate × durationS` requests with `prepare(i) → { url, headers, body }` (or takes
 * `requests`, prepared by the caller ahead of time: see `prepareAhead`), sends them
 * at fixed times, waits for every answer and `drainMs` for the last events, and returns the
 * webhook summary (`summariseLoop`) merged with the clients' report (when `clients` is given:
 * events of bodies `<label> <n>`, default `bench`).
 * With `seriesFile`, also writes the per-100-ms latency series there (`latencySeries`), to see
 * whether a tail comes from a few stalls or from everywhere.
 */
export async function drive({
  rate,
  durationS,
  prepare,
  requests = prepareAhead(rate, durationS, prepare),
  clients,
  label = 'bench',
  drainMs = 2000,
  seriesFile,
}) {
  const total = requests.length;
  const due = new Float64Array(total);
  clients?.expect(total, due, label);
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
  return { ...summariseLoop(res), ...(clients ? clients.report(label) : {}) };
}

/**
 * The `rate × durationS` requests of a run, prepared (signed) now, then a full garbage collection
 * of this generator, so that neither the signing nor the collection of its garbage happens
 * inside the measured window: a late generator counts against the server (open loop), and a GC
 * pause of the generator at the start of a run showed as 100–200 ms of "server" latency.
 */
export function prepareAhead(rate, durationS, prepare) {
  const requests = Array.from({ length: Math.round(rate * durationS) }, (_, i) => prepare(i));
  collectGarbage();
  return requests;
}

let gc;
/** A full GC of this process (`--expose-gc` set at run time, as Node documents for `v8.setFlagsFromString`). */
function collectGarbage() {
  if (!gc) {
    v8.setFlagsFromString('--expose-gc');
    gc = runInNewContext('gc');
  }
  gc();
}
