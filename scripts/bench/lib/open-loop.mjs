// Fixed-rate (open-loop) load: request i is due at start + i/rate, whatever the server does.
// The generator never waits for answers; when its own event loop is late it sends every
// overdue request at once and reports how late it was (lag), so a slow generator shows.
import { performance } from 'node:perf_hooks';
import { maxOf, pct, r1 } from './stats.mjs';

/**
 * Sends `rate × durationS` requests at fixed times. `send(i)` starts request i and resolves
 * with an HTTP status (or rejects on a network error). Latency is measured from the time the
 * request was DUE (not sent), so generator lag counts against the server, never for it.
 * `due` (optional, length total) receives each request's due time as it is sent (listeners
 * use it). Resolves when every request has answered: `{ total, due: Float64Array, latencies, statuses,
 * errors, sendRatePerS, lagP50Ms, lagP99Ms, lagMaxMs, elapsedS }`.
 */
export function runOpenLoop({ rate, durationS, send, due: dueTimes }) {
  const total = Math.round(rate * durationS);
  const interval = 1000 / rate;
  const due = dueTimes ?? new Float64Array(total);
  const lags = new Float64Array(total);
  const latencies = new Float64Array(total).fill(NaN);
  const statuses = new Int16Array(total);
  let errors = 0;
  let next = 0;
  let answered = 0;
  let lastSentAt = 0;
  const start = performance.now() + 10;
  return new Promise((resolve) => {
    const finish = () => {
      const elapsedS = (performance.now() - start) / 1000;
      const sendSpanS = (lastSentAt - start) / 1000;
      resolve({
        total,
        startedAtEpochMs: performance.timeOrigin + start,
        due,
        latencies,
        statuses,
        errors,
        elapsedS: r1(elapsedS),
        sendRatePerS: r1(total > 1 ? (total - 1) / Math.max(sendSpanS, 1e-9) : total),
        lagP50Ms: r1(pct(lags, 50)),
        lagP99Ms: r1(pct(lags, 99)),
        lagMaxMs: r1(maxOf(lags)),
      });
    };
    const onAnswer = (i, status) => {
      latencies[i] = performance.now() - due[i];
      statuses[i] = status;
      if (++answered === total) finish();
    };
    const tick = () => {
      const now = performance.now();
      while (next < total && start + next * interval <= now) {
        const i = next++;
        due[i] = start + i * interval;
        lags[i] = now - due[i];
        lastSentAt = now;
        send(i).then(
          (status) => onAnswer(i, status),
          () => {
            errors++;
            onAnswer(i, 0);
          },
        );
      }
      if (next < total) setTimeout(tick, Math.max(0, start + next * interval - performance.now() - 0.5));
    };
    if (total === 0) finish();
    else setTimeout(tick, 10);
  });
}

/** Summary of an open-loop result: latency percentiles (ms), non-2xx, errors. */
export function summariseLoop(res) {
  const ok = Array.from(res.latencies).filter(Number.isFinite);
  let non2xx = 0;
  for (const s of res.statuses) if (s !== 0 && (s < 200 || s >= 300)) non2xx++;
  return {
    sent: res.total,
    sendRatePerS: res.sendRatePerS,
    throughputPerS: r1(res.total / res.elapsedS),
    p50Ms: r1(pct(ok, 50)),
    p99Ms: r1(pct(ok, 99)),
    maxMs: r1(maxOf(ok)),
    non2xx,
    networkErrors: res.errors,
    generatorLagP50Ms: res.lagP50Ms,
    generatorLagP99Ms: res.lagP99Ms,
    generatorLagMaxMs: res.lagMaxMs,
  };
}

/**
 * Latency over time: `{ startedAtEpochMs, windows }`, a window per 100 ms of due times:
 * `[windowStartS, count, p50Ms, maxMs]`. A tail made of a few stalls shows as a few windows with
 * a large max; the epoch start lines them up with database or system logs.
 */
export function latencySeries(res, rate) {
  const perWindow = Math.max(1, Math.round(rate / 10));
  const out = [];
  for (let w = 0; w * perWindow < res.total; w++) {
    const slice = Array.from(res.latencies.subarray(w * perWindow, (w + 1) * perWindow)).filter(
      Number.isFinite,
    );
    out.push([r1(w / 10), slice.length, r1(pct(slice, 50)), r1(maxOf(slice))]);
  }
  return { startedAtEpochMs: res.startedAtEpochMs, windows: out };
}
