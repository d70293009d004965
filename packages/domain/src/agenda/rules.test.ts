import { describe, expect, it } from 'vitest';
import { defaultWeek } from '../schedules/schedule';
import { findOverlappingRanges, fitsAvailability, freeAvailabilities, instantOf, rangesOutsideOpeningHours } from './rules';

describe('availability ranges', () => {
  it('finds overlapping ranges of one day only; touching ranges do not overlap', () => {
    expect(findOverlappingRanges([{ day: 1, start: '09:00', end: '10:00' }, { day: 1, start: '10:00', end: '11:00' }])).toBeNull();
    expect(findOverlappingRanges([{ day: 1, start: '09:00', end: '10:00' }, { day: 2, start: '09:30', end: '11:00' }])).toBeNull();
    expect(findOverlappingRanges([{ day: 3, start: '09:00', end: '12:00' }, { day: 3, start: '11:59', end: '13:00' }])).toEqual([0, 1]);
  });

  it('keeps ranges inside an open day, out of its breaks', () => {
    const hours = defaultWeek().map((d) => (d.day === 2 ? { ...d, breaks: [{ start: '12:00', end: '13:00' }] } : d));
    const ranges = [
      { day: 1, start: '09:00', end: '17:00' },
      { day: 6, start: '10:00', end: '11:00' },
      { day: 2, start: '11:00', end: '12:30' },
      { day: 2, start: '13:00', end: '14:00' },
      { day: 3, start: '16:00', end: '17:01' },
    ];
    expect(rangesOutsideOpeningHours(ranges, hours)).toEqual([1, 2, 4]);
  });
});

describe('wall clock of the organisation', () => {
  it('reads instants in the time zone, across daylight saving time', () => {
    // 9 March 2025: Toronto moves from UTC-5 to UTC-4.
    expect(instantOf('2025-03-07', 9 * 60, 'America/Toronto').toISOString()).toBe('2025-03-07T14:00:00.000Z');
    expect(instantOf('2025-03-10', 9 * 60, 'America/Toronto').toISOString()).toBe('2025-03-10T13:00:00.000Z');
    expect(instantOf('2025-03-10', 14 * 60, 'Europe/Paris').toISOString()).toBe('2025-03-10T13:00:00.000Z');
  });

  it('fits an appointment inside a range of its weekday only', () => {
    const ranges = [{ day: 1, start: '09:00', end: '12:00' }];
    const at = (iso: string) => new Date(iso);
    expect(fitsAvailability(at('2025-03-10T13:00:00Z'), 180, ranges, 'America/Toronto')).toBe(true);
    expect(fitsAvailability(at('2025-03-10T13:00:00Z'), 181, ranges, 'America/Toronto')).toBe(false);
    expect(fitsAvailability(at('2025-03-11T13:00:00Z'), 30, ranges, 'America/Toronto')).toBe(false);
    expect(fitsAvailability(at('2025-03-10T12:59:00Z'), 30, ranges, 'America/Toronto')).toBe(false);
  });

  it('lists free starts in steps of the duration, without the taken ones', () => {
    const taken = [{ startsAt: new Date('2025-03-10T14:00:00Z'), endsAt: new Date('2025-03-10T14:30:00Z') }];
    const free = freeAvailabilities({ date: '2025-03-10', ranges: [{ day: 1, start: '09:00', end: '11:00' }], timeZone: 'America/Toronto', durationMinutes: 30, taken });
    expect(free).toEqual(['2025-03-10T13:00:00.000Z', '2025-03-10T13:30:00.000Z', '2025-03-10T14:30:00.000Z']);
  });
});
