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
 *   median and the 90th percentile of any span are exact;
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
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[rank - 1]!;
}

/** The figures of `rows` together: counts added, first-response samples pooled (not averaged). */
export function summarizeFigures(rows: readonly DailyTeamFigures[]): StatisticsFigures {
  const samples = rows.flatMap((r) => r.firstResponseSeconds);
  const sum = (key: keyof Omit<DailyTeamFigures, 'day' | 'teamId' | 'firstResponseSeconds'>) =>
    rows.reduce((n, r) => n + r[key], 0);
  return {
    conversationsOpened: sum('conversationsOpened'),
    textsIn: sum('textsIn'),
    textsOut: sum('textsOut'),
    firstResponse: { median: median(samples), p90: percentile(samples, 90), samples: samples.length },
    callsAnswered: sum('callsAnswered'),
    callsMissed: sum('callsMissed'),
    callsVoicemail: sum('callsVoicemail'),
  };
}

/**
 * `rows` grouped by `key` (a team's id, a day) and summarised, in the order of `keys` (each
 * given key appears, with zero figures when it has no row: a quiet day is a day).
 */
export function figuresBy(
  rows: readonly DailyTeamFigures[],
  key: (row: DailyTeamFigures) => string,
  keys: readonly string[],
): { key: string; figures: StatisticsFigures }[] {
  const groups = new Map<string, DailyTeamFigures[]>(keys.map((k) => [k, []]));
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
