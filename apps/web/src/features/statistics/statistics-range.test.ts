import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { formatDuration } from './format-duration';
import { lastWeek, rangePresets } from './statistics-range';

describe('the statistics range', () => {
  it('last week is the last full Sunday-to-Saturday week before today', () => {
    expect(lastWeek('2026-11-29')).toEqual({ from: '2026-11-22', to: '2026-11-28' }); // a Sunday
    expect(lastWeek('2026-12-02')).toEqual({ from: '2026-11-22', to: '2026-11-28' }); // a Wednesday
    expect(lastWeek('2026-11-28')).toEqual({ from: '2026-11-15', to: '2026-11-21' }); // a Saturday
  });

  it('offers the last week, the last 30 days and the last 12 months, today included', () => {
    expect(rangePresets('2026-11-29').map((p) => [p.key, p.range])).toEqual([
      ['lastWeek', { from: '2026-11-22', to: '2026-11-28' }],
      ['last30Days', { from: '2026-10-31', to: '2026-11-29' }],
      ['last12Months', { from: '2025-11-30', to: '2026-11-29' }],
    ]);
  });
});

describe('formatDuration', () => {
  const intl = createIntl({ locale: 'en-CA' });
  it('reads seconds, minutes and hours, and a dash for none', () => {
    expect(formatDuration(intl, 45)).toBe('45 secs');
    expect(formatDuration(intl, 150)).toBe('2.5 mins');
    expect(formatDuration(intl, 5400)).toBe('1.5 hrs');
    expect(formatDuration(intl, null)).toBe('—');
  });
});
