import { describe, expect, it } from 'vitest';
import { nextPeriodChange, periodAt } from './period';
import { defaultWeek, type DaySchedule, type WeekSchedule } from './schedule';

/*
 * An end at 23:59, the latest time "HH:mm" writes, runs to midnight (endToMinutes,
 * docs/behaviour/schedules.md): a day open 00:00–23:59 is open all day, its last minute too.
 */

const MTL = 'America/Montreal';
const at = (iso: string) => new Date(iso);

/** A week with `days` replaced (by day number). */
function weekWith(...days: (Partial<DaySchedule> & { day: number })[]): WeekSchedule {
  const week = defaultWeek();
  for (const d of days) week[d.day] = { ...week[d.day]!, ...d };
  return week;
}

describe('an end at 23:59 runs to midnight', () => {
  // Every day open 00:00–23:59, its break 22:00–23:59 on Wednesday.
  const allDay = defaultWeek().map((d) => ({ ...d, enabled: true, start: '00:00', end: '23:59' }));
  it.each([
    ['2026-01-15T04:58:00Z', 'OPEN'], // Wednesday 23:58 in Montreal
    ['2026-01-15T04:59:00Z', 'OPEN'], // 23:59: the day's last minute is open, not closed
    ['2026-01-15T05:00:00Z', 'OPEN'], // Thursday 00:00
  ] as const)('open all day: %s → %s', (iso, expected) => {
    expect(periodAt(allDay, [], at(iso), MTL)).toBe(expected);
  });

  it('a break ending at 23:59 lasts to midnight; a day ending at 23:30 still closes at 23:30', () => {
    const week = weekWith(
      { day: 3, enabled: true, start: '08:00', end: '23:59', breaks: [{ start: '22:00', end: '23:59' }] },
      { day: 4, enabled: true, start: '08:00', end: '23:30' },
    );
    expect(periodAt(week, [], at('2026-01-15T04:59:00Z'), MTL)).toBe('BREAK'); // Wednesday 23:59
    expect(periodAt(week, [], at('2026-01-16T04:29:00Z'), MTL)).toBe('OPEN'); // Thursday 23:29
    expect(periodAt(week, [], at('2026-01-16T04:30:00Z'), MTL)).toBe('CLOSE'); // Thursday 23:30
  });

  it('its next change is midnight, not 23:59', () => {
    const week = weekWith({ day: 3, enabled: true, start: '08:00', end: '23:59' });
    expect(nextPeriodChange(week, [], at('2026-01-15T03:00:00Z'), MTL)).toEqual({
      period: 'CLOSE', // Wednesday 22:00 → Thursday 00:00 (Thursday opens at 09:00)
      at: at('2026-01-15T05:00:00Z'),
    });
  });
});
