// Small statistics helpers shared by the benchmark scripts (plain numbers, milliseconds).
import { appendFileSync } from 'node:fs';

/** The p-th percentile (0–100) of xs by the nearest-rank method; NaN for an empty list. */
export function pct(xs, p) {
  if (xs.length === 0) return NaN;
  const s = Float64Array.from(xs).sort();
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))];
}

/**
 * The largest of xs (-Infinity for an empty list). Not `Math.max(...xs)`: spreading a long run's
 * samples (240,000 at 400/s for 10 min) overflows the call stack.
 */
export function maxOf(xs) {
  let m = -Infinity;
  for (const x of xs) if (x > m) m = x;
  return m;
}

/** The median of the finite numbers in xs (NaN when none). */
export function median(xs) {
  const finite = xs.filter((x) => Number.isFinite(x));
  return finite.length === 0 ? NaN : pct(finite, 50);
}

/** Rounds to one decimal (keeps NaN). */
export const r1 = (x) => (Number.isFinite(x) ? Math.round(x * 10) / 10 : x);

/**
 * Rounds a median for the report: one decimal from 10 up, three significant digits below (a
 * ratio of 0.044 stays 0.044, not 0; 0.42 stays 0.42, not 0.4).
 */
const rMedian = (x) => (!Number.isFinite(x) ? x : Math.abs(x) >= 10 ? r1(x) : Number(x.toPrecision(3)));

/**
 * The median, key by key, of the numeric fields of several results of the same shape (other
 * fields are taken from the first result), rounded by `rMedian`. Used to report "median of N runs".
 */
export function medianOfRuns(results) {
  if (results.length === 0) return {};
  const out = { ...results[0] };
  for (const [key, value] of Object.entries(results[0])) {
    if (typeof value === 'number') out[key] = rMedian(median(results.map((r) => r[key])));
    else if (value && typeof value === 'object' && !Array.isArray(value))
      out[key] = medianOfRuns(results.map((r) => r[key] ?? {}));
  }
  return out;
}

/**
 * Makes `runs` runs of `oneRun(run)` (run = 1…N, each resolving with a result object): prints
 * each as one JSON line `{ run, …result }` and appends it to `out` (JSON lines) when given, then
 * prints the median of the runs (`medianOfRuns`), appended too when there was more than one.
 * The main loop of every benchmark script.
 */
export async function reportRuns({ runs, out, oneRun }) {
  const results = [];
  for (let run = 1; run <= runs; run++) {
    const r = await oneRun(run);
    console.log(JSON.stringify({ run, ...r }));
    if (out) appendFileSync(out, `${JSON.stringify({ run, ...r })}\n`);
    results.push(r);
  }
  const summary = { median: true, runs: results.length, ...medianOfRuns(results) };
  console.log(JSON.stringify(summary, null, 2));
  if (out && results.length > 1) appendFileSync(out, `${JSON.stringify(summary)}\n`);
}
