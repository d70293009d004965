import { describe, expect, it } from 'vitest';
import {
  daysBetween,
  figuresBy,
  kthSmallest,
  median,
  monthsBetween,
  percentile,
  pooledFirstResponse,
  summarizeFigures,
  type DailyTeamFigures,
} from './figures';

const row = (over: Partial<DailyTeamFigures>): DailyTeamFigures => ({
  day: '2026-11-22',
  teamId: 'a',
  conversationsOpened: 0,
  textsIn: 0,
  textsOut: 0,
  firstResponseSeconds: [],
  callsAnswered: 0,
  callsMissed: 0,
  callsVoicemail: 0,
  ...over,
});

describe('median and percentile', () => {
  it('median: the middle value, or the mean of the two middle ones; none for no value', () => {
    expect(median([300, 60, 120])).toBe(120);
    expect(median([60, 120, 300, 30])).toBe(90);
    expect(median([])).toBeNull();
  });

  it('p90 by nearest rank: the value at rank ⌈0.9 n⌉ of the sorted values', () => {
    const ten = [10, 20, 30, 40, 50, 60, 70, 80, 90, 100];
    expect(percentile(ten, 90)).toBe(90);
    expect(percentile([...ten, 110], 90)).toBe(100); // ⌈9.9⌉ = 10th
    expect(percentile([42], 90)).toBe(42);
    expect(percentile([], 90)).toBeNull();
  });
});

describe('pooled first-response figures without pooling the samples', () => {
  it('kthSmallest: the k-th value of several sorted runs taken together, duplicates counted', () => {
    const runs = [[30, 60, 60, 600], [], [60, 120], [3600]];
    // Together: 30, 60, 60, 60, 120, 600, 3600.
    expect([1, 2, 3, 4, 5, 6, 7].map((k) => kthSmallest(runs, k))).toEqual([30, 60, 60, 60, 120, 600, 3600]);
    expect(kthSmallest([Int32Array.of(0, 0, 5)], 3)).toBe(5);
  });

  it('the same median and p90 as over all the samples sorted together (random runs, odd and even counts)', () => {
    // A fixed pseudo-random sequence (no flaky seed): runs of 0 to 40 samples of 0 to 5,000 s.
    let state = 7;
    const next = () => (state = (state * 1_103_515_245 + 12_345) % 2_147_483_648);
    for (let trial = 0; trial < 200; trial++) {
      const runs = Array.from({ length: 1 + (next() % 6) }, () =>
        Int32Array.from({ length: next() % 41 }, () => next() % 5_001).sort(),
      );
      const all = runs.flatMap((r) => Array.from(r));
      expect(pooledFirstResponse(runs)).toEqual({
        median: median(all),
        p90: percentile(all, 90),
        samples: all.length,
      });
    }
  });

  it('sorts a run out of order; refuses a sample that is not a whole number', () => {
    expect(pooledFirstResponse([[600, 30], [120]])).toEqual({ median: 120, p90: 600, samples: 3 });
    expect(pooledFirstResponse([])).toEqual({ median: null, p90: null, samples: 0 });
    expect(() => pooledFirstResponse([[1.5]])).toThrow(RangeError);
  });
});

describe('summarizeFigures and figuresBy', () => {
  // Hand-computed: two teams over two days.
  const rows = [
    row({
      teamId: 'a',
      day: '2026-11-22',
      conversationsOpened: 2,
      textsIn: 5,
      textsOut: 4,
      firstResponseSeconds: [60, 600],
      callsAnswered: 3,
      callsMissed: 1,
    }),
    row({
      teamId: 'b',
      day: '2026-11-22',
      conversationsOpened: 1,
      textsIn: 1,
      textsOut: 0,
      firstResponseSeconds: [],
      callsVoicemail: 2,
    }),
    row({
      teamId: 'a',
      day: '2026-11-23',
      conversationsOpened: 0,
      textsIn: 2,
      textsOut: 3,
      firstResponseSeconds: [120, 30, 3600],
      callsAnswered: 1,
    }),
  ];

  it('adds the counts and pools the first-response samples (median and p90 of all five)', () => {
    expect(summarizeFigures(rows)).toEqual({
      conversationsOpened: 3,
      textsIn: 8,
      textsOut: 7,
      // 30, 60, 120, 600, 3600: median 120; p90 rank ⌈4.5⌉ = 5 → 3600.
      firstResponse: { median: 120, p90: 3600, samples: 5 },
      callsAnswered: 4,
      callsMissed: 1,
      callsVoicemail: 2,
    });
  });

  it('per day: every day of the span in order, a quiet day with zeros and no first-response time', () => {
    const days = daysBetween('2026-11-22', '2026-11-24');
    expect(days).toEqual(['2026-11-22', '2026-11-23', '2026-11-24']);
    const byDay = figuresBy(rows, (r) => r.day, days);
    expect(byDay.map((d) => [d.key, d.figures.textsIn, d.figures.firstResponse.median])).toEqual([
      ['2026-11-22', 6, 330],
      ['2026-11-23', 2, 120],
      ['2026-11-24', 0, null],
    ]);
  });

  it('per team: the teams asked, in their order', () => {
    const byTeam = figuresBy(rows, (r) => r.teamId, ['b', 'a']);
    expect(
      byTeam.map((t) => [
        t.key,
        t.figures.callsAnswered,
        t.figures.callsVoicemail,
        t.figures.firstResponse.p90,
      ]),
    ).toEqual([
      ['b', 0, 2, null],
      ['a', 4, 0, 3600],
    ]);
  });

  it('monthsBetween: every month the span touches, across a year', () => {
    expect(monthsBetween('2025-11-30', '2026-02-01')).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
    expect(monthsBetween('2026-11-22', '2026-11-28')).toEqual(['2026-11']);
  });

  it('daysBetween crosses months and a leap day', () => {
    expect(daysBetween('2028-02-28', '2028-03-01')).toEqual(['2028-02-28', '2028-02-29', '2028-03-01']);
  });
});
