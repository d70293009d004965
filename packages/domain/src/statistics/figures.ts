import { z } from 'zod';

/**
 * One roll-up row: what happened in one team of an organisation on one day of the organisation's
 * time zone (docs/behaviour/statistics.md, "The figures"). `day`: `YYYY-MM-DD`.
 * - `conversationsOpened`: conversations created that day;
 * - `textsIn`, `textsOut`: texts received from contacts, and sent (by staff or automatically; a
 *   failed send not counted);
 * - `firstResponseSeconds`: one sample per wait that began that day (a contact's text after a
 *   staff reply, or the conversation's first): seconds until staff's first text after it; a wait
 *   nobody answered has no sample. The samples themselves are kept (not a histogram) so that the
 *   median and the 90th percentile of any span are exact, in ascending order (the roll-up sorts
 *   them) so that a span's are counted, not sorted ({@link pooledFirstResponse});
 * - `callsAnswered`, `callsMissed`, `callsVoicemail`: inbound calls that began that day, answered
 *   by staff; ended unanswered without a voicemail; sent to voicemail (disjoint).
 */
export type DailyTeamFigures = {
  day: string;
  teamId: string;
  conversationsOpened: number;
  textsIn: number;
  textsOut: number;
  firstResponseSeconds: number[];
  callsAnswered: number;
  callsMissed: number;
  callsVoicemail: number;
};

/** The figures of a span (several days, teams, or both), as the screen and the report show them. */
export const statisticsFiguresSchema = z.object({
  conversationsOpened: z.number().int().min(0),
  textsIn: z.number().int().min(0),
  textsOut: z.number().int().min(0),
  /** First-response time in seconds: median and 90th percentile, null without any answered wait. */
  firstResponse: z.object({
    median: z.number().min(0).nullable(),
    p90: z.number().min(0).nullable(),
    /** How many answered waits the two are computed from. */
    samples: z.number().int().min(0),
  }),
  callsAnswered: z.number().int().min(0),
  callsMissed: z.number().int().min(0),
  callsVoicemail: z.number().int().min(0),
});
export type StatisticsFigures = z.infer<typeof statisticsFiguresSchema>;

/**
 * The rank (1-based) of the `p`-th percentile (0 < p ≤ 100) among `n` values by the nearest-rank
 * method: ⌈p/100 × n⌉, at least 1. The one formula of {@link percentile} and the roll-ups' pooled
 * p90, so that both pick the same sample.
 */
export function nearestRank(p: number, n: number): number {
  return Math.max(1, Math.ceil((p / 100) * n));
}

/**
 * The median of `values` (any order): the middle value, or the mean of the two middle values of
 * an even count; null for none.
 */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/**
 * The `p`-th percentile of `values` (0 < p ≤ 100) by the nearest-rank method: the smallest value
 * with at least p % of the values at or below it (rank ⌈p/100 × n⌉); null for none. A value that
 * was measured, never one between two (a hand-computable definition).
 */
export function percentile(values: readonly number[], p: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[nearestRank(p, sorted.length) - 1]!;
}

/** How many values of `run` (sorted ascending) are at most `x`: a binary search. */
function countAtMost(run: ArrayLike<number>, x: number): number {
  let lo = 0;
  let hi = run.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (run[mid]! <= x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * `run` in ascending order: itself when it already is, else a sorted copy.
 * @throws RangeError for a value that is not a whole number (the samples are whole seconds; the
 * selection below bisects whole numbers).
 */
function ascending(run: ArrayLike<number>): ArrayLike<number> {
  let sorted = true;
  for (let i = 0; i < run.length; i++) {
    if (!Number.isInteger(run[i])) throw new RangeError(`Not a whole number: ${run[i]}`);
    if (i > 0 && run[i - 1]! > run[i]!) sorted = false;
  }
  return sorted ? run : Array.from(run).sort((a, b) => a - b);
}

/**
 * The `k`-th smallest (1 ≤ k ≤ total length) of several runs of whole numbers, each sorted
 * ascending, taken together: the smallest whole x with at least k values at or below it, found by
 * bisecting the values' range and counting with a binary search in each run. About
 * 32 × runs × log(run length) steps, whatever the number of values: a span's samples are neither
 * copied nor sorted (docs/behaviour/statistics.md, "Reading a span").
 */
export function kthSmallest(runs: readonly ArrayLike<number>[], k: number): number {
  let lo = Infinity;
  let hi = -Infinity;
  for (const run of runs) {
    if (run.length === 0) continue;
    lo = Math.min(lo, run[0]!);
    hi = Math.max(hi, run[run.length - 1]!);
  }
  while (lo < hi) {
    const mid = Math.floor((lo + hi) / 2);
    let atMost = 0;
    for (const run of runs) atMost += countAtMost(run, mid);
    if (atMost >= k) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/**
 * The first-response figures of samples kept in several runs (a roll-up row's whole seconds
 * each, docs/behaviour/statistics.md), pooled: the same median and nearest-rank p90 as
 * {@link median} and {@link percentile} over all the samples together. A run out of order is
 * sorted (a copy); the roll-ups keep their samples sorted, so a span's are only counted.
 * @throws RangeError for a sample that is not a whole number.
 */
export function pooledFirstResponse(runs: readonly ArrayLike<number>[]): StatisticsFigures['firstResponse'] {
  const sorted = runs.filter((r) => r.length > 0).map(ascending);
  const n = sorted.reduce((total, r) => total + r.length, 0);
  if (n === 0) return { median: null, p90: null, samples: 0 };
  const middle =
    n % 2 === 1
      ? kthSmallest(sorted, (n + 1) / 2)
      : (kthSmallest(sorted, n / 2) + kthSmallest(sorted, n / 2 + 1)) / 2;
  return { median: middle, p90: kthSmallest(sorted, nearestRank(90, n)), samples: n };
}

/**
 * A roll-up row as the figures read it: {@link DailyTeamFigures} whose samples may be any
 * array-like of whole seconds (the server reads them into an `Int32Array`).
 */
export type RollupFigures = Omit<DailyTeamFigures, 'firstResponseSeconds'> & {
  firstResponseSeconds: ArrayLike<number>;
};

/** The figures of `rows` together: counts added, first-response samples pooled (not averaged). */
export function summarizeFigures(rows: readonly RollupFigures[]): StatisticsFigures {
  const sum = (key: keyof Omit<DailyTeamFigures, 'day' | 'teamId' | 'firstResponseSeconds'>) =>
    rows.reduce((n, r) => n + r[key], 0);
  return {
    conversationsOpened: sum('conversationsOpened'),
    textsIn: sum('textsIn'),
    textsOut: sum('textsOut'),
    firstResponse: pooledFirstResponse(rows.map((r) => r.firstResponseSeconds)),
    callsAnswered: sum('callsAnswered'),
    callsMissed: sum('callsMissed'),
    callsVoicemail: sum('callsVoicemail'),
  };
}

/**
 * `rows` grouped by `key` (a team's id, a day) and summarised, in the order of `keys` (each
 * given key appears, with zero figures when it has no row: a quiet day is a day).
 */
export function figuresBy<Row extends RollupFigures>(
  rows: readonly Row[],
  key: (row: Row) => string,
  keys: readonly string[],
): { key: string; figures: StatisticsFigures }[] {
  const groups = new Map<string, Row[]>(keys.map((k) => [k, []]));
  for (const row of rows) groups.get(key(row))?.push(row);
  return keys.map((k) => ({ key: k, figures: summarizeFigures(groups.get(k) ?? []) }));
}

/** Every day from `from` to `to` (`YYYY-MM-DD`, both included), in order. */
export function daysBetween(from: string, to: string): string[] {
  const out: string[] = [];
  const end = Date.parse(`${to}T00:00:00Z`);
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= end; t += 86_400_000) {
    out.push(new Date(t).toISOString().slice(0, 10));
  }
  return out;
}

/** Every month (`YYYY-MM`) that the days `from` to `to` (`YYYY-MM-DD`) touch, in order. */
export function monthsBetween(from: string, to: string): string[] {
  const out: string[] = [];
  let [year, month] = from.split('-').map(Number) as [number, number];
  const last = to.slice(0, 7);
  for (;;) {
    const key = `${year}-${String(month).padStart(2, '0')}`;
    out.push(key);
    if (key >= last) return out;
    month = month === 12 ? 1 : month + 1;
    if (month === 1) year++;
  }
}
