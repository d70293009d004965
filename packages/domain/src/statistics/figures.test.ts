import { describe, expect, it } from 'vitest';
import {
  daysBetween,
  figuresBy,
  median,
  percentile,
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

  it('daysBetween crosses months and a leap day', () => {
    expect(daysBetween('2028-02-28', '2028-03-01')).toEqual(['2028-02-28', '2028-02-29', '2028-03-01']);
  });
});
