import { describe, expect, it } from 'vitest';
import { defaultWeek } from '../schedules/schedule';
import {
  findOverlappingRanges,
  fitsAvailability,
  freeAvailabilities,
  instantOf,
  minutesOfDay,
  rangesOutsideOpeningHours,
  timeOfMinutes,
  weekdayOf,
} from './rules';

describe('availability ranges', () => {
  it('finds overlapping ranges of one day only; touching ranges do not overlap', () => {
    expect(
      findOverlappingRanges([
        { day: 1, start: '09:00', end: '10:00' },
        { day: 1, start: '10:00', end: '11:00' },
      ]),
    ).toBeNull();
    expect(
      findOverlappingRanges([
        { day: 1, start: '09:00', end: '10:00' },
        { day: 2, start: '09:30', end: '11:00' },
      ]),
    ).toBeNull();
    expect(
      findOverlappingRanges([
        { day: 3, start: '09:00', end: '12:00' },
        { day: 3, start: '11:59', end: '13:00' },
      ]),
    ).toEqual([0, 1]);
  });

  it('keeps ranges inside an open day, out of its breaks', () => {
    const hours = defaultWeek().map((d) =>
      d.day === 2 ? { ...d, breaks: [{ start: '12:00', end: '13:00' }] } : d,
    );
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
    const free = freeAvailabilities({
      date: '2025-03-10',
      ranges: [{ day: 1, start: '09:00', end: '11:00' }],
      timeZone: 'America/Toronto',
      durationMinutes: 30,
      taken,
    });
    expect(free).toEqual([
      '2025-03-10T13:00:00.000Z',
      '2025-03-10T13:30:00.000Z',
      '2025-03-10T14:30:00.000Z',
    ]);
  });
});

describe('times of day', () => {
  it('counts the minutes since midnight of an HH:mm time and writes them back', () => {
    expect(minutesOfDay('00:00')).toBe(0);
    expect(minutesOfDay('09:30')).toBe(570);
    expect(minutesOfDay('23:59')).toBe(1439);
    expect(timeOfMinutes(0)).toBe('00:00');
    expect(timeOfMinutes(605)).toBe('10:05');
    expect(timeOfMinutes(1439)).toBe('23:59');
  });

  it('names the weekday of a date, Sunday being 0', () => {
    expect(weekdayOf('2025-03-09')).toBe(0);
    expect(weekdayOf('2025-03-10')).toBe(1);
    expect(weekdayOf('2025-03-15')).toBe(6);
    expect(weekdayOf('2024-02-29')).toBe(4);
  });
});

describe('overlaps and opening hours, at their edges', () => {
  it('finds the first overlapping pair in any order, never a range with itself', () => {
    expect(findOverlappingRanges([])).toBeNull();
    expect(findOverlappingRanges([{ day: 1, start: '09:00', end: '10:00' }])).toBeNull();
    expect(
      findOverlappingRanges([
        { day: 1, start: '10:00', end: '11:00' },
        { day: 1, start: '09:00', end: '10:00' },
      ]),
    ).toBeNull();
    const ranges = [
      { day: 1, start: '08:00', end: '09:00' },
      { day: 2, start: '10:00', end: '12:00' },
      { day: 2, start: '09:00', end: '10:01' },
      { day: 2, start: '11:00', end: '11:30' },
    ];
    expect(findOverlappingRanges(ranges)).toEqual([1, 2]);
    expect(findOverlappingRanges([ranges[0]!, ranges[1]!, ranges[3]!])).toEqual([1, 2]);
  });

  it('accepts a range exactly as long as the day and touching its breaks; refuses a missing or closed day', () => {
    const hours = defaultWeek().map((d) =>
      d.day === 2 ? { ...d, breaks: [{ start: '12:00', end: '13:00' }] } : d,
    );
    const monday = hours.find((d) => d.day === 1)!;
    const ranges = [
      { day: 1, start: monday.start, end: monday.end },
      { day: 2, start: '11:00', end: '12:00' },
      { day: 2, start: '13:00', end: '14:00' },
      { day: 2, start: '12:59', end: '13:30' },
      { day: 0, start: '10:00', end: '11:00' },
      { day: 3, start: '10:00', end: '11:00' },
    ];
    expect(
      rangesOutsideOpeningHours(
        ranges,
        hours.filter((d) => d.day !== 3),
      ),
    ).toEqual([3, 4, 5]);
    const minuteBefore = timeOfMinutes(minutesOfDay(monday.start) - 1);
    const minuteAfter = timeOfMinutes(minutesOfDay(monday.end) + 1);
    expect(
      rangesOutsideOpeningHours(
        [
          { day: 1, start: minuteBefore, end: monday.end },
          { day: 1, start: monday.start, end: minuteAfter },
        ],
        hours,
      ),
    ).toEqual([0, 1]);
  });
});

describe('fitting and listing appointments, at their edges', () => {
  const ranges = [{ day: 1, start: '09:00', end: '12:00' }];
  it('fits an appointment starting exactly at the range start and refuses one running past midnight', () => {
    // 2025-03-10 is a Monday; Toronto is UTC-4 that day.
    expect(fitsAvailability(new Date('2025-03-10T13:00:00Z'), 5, ranges, 'America/Toronto')).toBe(true);
    expect(fitsAvailability(new Date('2025-03-10T15:59:00Z'), 1, ranges, 'America/Toronto')).toBe(true);
    expect(fitsAvailability(new Date('2025-03-10T15:59:00Z'), 2, ranges, 'America/Toronto')).toBe(false);
    const late = [{ day: 1, start: '22:00', end: '23:59' }];
    expect(fitsAvailability(new Date('2025-03-11T03:00:00Z'), 59, late, 'America/Toronto')).toBe(true);
    expect(fitsAvailability(new Date('2025-03-11T03:00:00Z'), 60, late, 'America/Toronto')).toBe(false);
    expect(fitsAvailability(new Date('2025-03-11T03:00:00Z'), 24 * 60 + 60, late, 'America/Toronto')).toBe(
      false,
    );
    expect(fitsAvailability(new Date('2025-03-11T03:30:00Z'), 60, late, 'America/Toronto')).toBe(false);
    expect(
      fitsAvailability(
        new Date('2025-03-10T13:00:00Z'),
        30,
        [{ day: 3, start: '09:00', end: '10:00' }, ...ranges],
        'America/Toronto',
      ),
    ).toBe(true);
    const sunday = [{ day: 0, start: '00:00', end: '23:59' }];
    expect(fitsAvailability(new Date('2025-03-16T03:59:00Z'), 24 * 60, sunday, 'America/Toronto')).toBe(
      false,
    );
  });

  it("lists the starts of the date's weekday only, once each, sorted, the last one ending at the range end", () => {
    const free = freeAvailabilities({
      date: '2025-03-10',
      ranges: [
        { day: 1, start: '14:00', end: '15:00' },
        { day: 2, start: '11:00', end: '12:00' },
        { day: 1, start: '09:00', end: '10:30' },
        { day: 1, start: '09:45', end: '10:30' },
      ],
      timeZone: 'America/Toronto',
      durationMinutes: 45,
      taken: [],
    });
    expect(free).toEqual([
      '2025-03-10T13:00:00.000Z',
      '2025-03-10T13:45:00.000Z',
      '2025-03-10T18:00:00.000Z',
    ]);
  });

  it('keeps a start whose appointment only touches a taken one, drops one that meets it by a minute', () => {
    const free = (taken: { startsAt: Date; endsAt: Date }[]) =>
      freeAvailabilities({
        date: '2025-03-10',
        ranges: [{ day: 1, start: '09:00', end: '10:00' }],
        timeZone: 'America/Toronto',
        durationMinutes: 30,
        taken,
      });
    expect(
      free([{ startsAt: new Date('2025-03-10T13:29:00Z'), endsAt: new Date('2025-03-10T13:30:00Z') }]),
    ).toEqual(['2025-03-10T13:30:00.000Z']);
    expect(
      free([{ startsAt: new Date('2025-03-10T13:30:00Z'), endsAt: new Date('2025-03-10T13:31:00Z') }]),
    ).toEqual(['2025-03-10T13:00:00.000Z']);
  });
});
