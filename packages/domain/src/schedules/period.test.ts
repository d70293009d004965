import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isTimeZone, nextPeriodChange, periodAt, periodOfDay, wallClockAt } from './period';
import { defaultWeek, type DaySchedule, type Vacation, type WeekSchedule } from './schedule';

const MTL = 'America/Montreal';
const PARIS = 'Europe/Paris';
const at = (iso: string) => new Date(iso);

/** A week with `days` replaced (by day number). */
function weekWith(...days: (Partial<DaySchedule> & { day: number })[]): WeekSchedule {
  const week = defaultWeek();
  for (const d of days) week[d.day] = { ...week[d.day]!, ...d };
  return week;
}

describe('periodAt: the default week (09:00–17:00, Monday to Friday)', () => {
  const week = defaultWeek();
  it.each([
    // Wednesday 14 January 2026, Montreal on EST (UTC−5).
    ['2026-01-14T13:59:00Z', 'CLOSE'], // 08:59
    ['2026-01-14T14:00:00Z', 'OPEN'], // 09:00
    ['2026-01-14T21:59:00Z', 'OPEN'], // 16:59
    ['2026-01-14T22:00:00Z', 'CLOSE'], // 17:00: the end is closed
    ['2026-01-17T15:00:00Z', 'CLOSE'], // Saturday 10:00: disabled day
    ['2026-01-18T15:00:00Z', 'CLOSE'], // Sunday
    // Monday 9 March 2026, the day after the spring change: EDT (UTC−4).
    ['2026-03-09T12:59:00Z', 'CLOSE'], // 08:59 EDT
    ['2026-03-09T13:00:00Z', 'OPEN'], // 09:00 EDT
  ] as const)('Montreal %s → %s', (iso, expected) => {
    expect(periodAt(week, [], at(iso), MTL)).toBe(expected);
  });

  it('reads the same instant in each organisation’s own zone', () => {
    // 15:00 UTC on a Wednesday: 10:00 in Montreal (open), 16:00 in Paris (open), 07:00 in Vancouver (closed).
    expect(periodAt(week, [], at('2026-01-14T15:00:00Z'), MTL)).toBe('OPEN');
    expect(periodAt(week, [], at('2026-01-14T15:00:00Z'), PARIS)).toBe('OPEN');
    expect(periodAt(week, [], at('2026-01-14T15:00:00Z'), 'America/Vancouver')).toBe('CLOSE');
  });

  it('follows Paris across its spring change (CET → CEST on 29 March 2026)', () => {
    expect(periodAt(week, [], at('2026-03-27T08:00:00Z'), PARIS)).toBe('OPEN'); // Friday 09:00 CET
    expect(periodAt(week, [], at('2026-03-27T07:59:00Z'), PARIS)).toBe('CLOSE');
    expect(periodAt(week, [], at('2026-03-30T07:00:00Z'), PARIS)).toBe('OPEN'); // Monday 09:00 CEST
    expect(periodAt(week, [], at('2026-03-30T06:59:00Z'), PARIS)).toBe('CLOSE');
  });
});

describe('periodAt: breaks', () => {
  const week = weekWith({
    day: 3,
    breaks: [
      { start: '09:00', end: '09:30' },
      { start: '12:00', end: '13:00' },
      { start: '16:30', end: '17:00' },
    ],
  });
  it.each([
    ['2026-01-14T14:00:00Z', 'BREAK'], // 09:00: a break at the start of the day
    ['2026-01-14T14:30:00Z', 'OPEN'], // 09:30
    ['2026-01-14T16:59:00Z', 'OPEN'], // 11:59
    ['2026-01-14T17:00:00Z', 'BREAK'], // 12:00
    ['2026-01-14T17:59:00Z', 'BREAK'], // 12:59
    ['2026-01-14T18:00:00Z', 'OPEN'], // 13:00
    ['2026-01-14T21:59:00Z', 'BREAK'], // 16:59: a break up to the end of the day
    ['2026-01-14T22:00:00Z', 'CLOSE'], // 17:00
  ] as const)('Wednesday, Montreal %s → %s', (iso, expected) => {
    expect(periodAt(week, [], at(iso), MTL)).toBe(expected);
  });
});

describe('periodAt: vacations', () => {
  const vacations: Vacation[] = [{ start: '2026-12-24', end: '2026-12-26', label: 'Fêtes' }];
  it('wins over open hours, breaks and closed hours, from the first to the last date included', () => {
    const week = weekWith({ day: 4, breaks: [{ start: '12:00', end: '13:00' }] });
    expect(periodAt(week, vacations, at('2026-12-24T15:00:00Z'), MTL)).toBe('VACATION'); // Thursday 10:00
    expect(periodAt(week, vacations, at('2026-12-24T17:30:00Z'), MTL)).toBe('VACATION'); // 12:30, in the break
    expect(periodAt(week, vacations, at('2026-12-24T05:00:00Z'), MTL)).toBe('VACATION'); // 00:00 of the first day
    expect(periodAt(week, vacations, at('2026-12-27T04:59:00Z'), MTL)).toBe('VACATION'); // 23:59 of the last day
    expect(periodAt(week, vacations, at('2026-12-27T05:00:00Z'), MTL)).toBe('CLOSE'); // Sunday 00:00
    expect(periodAt(week, vacations, at('2026-12-24T04:59:00Z'), MTL)).toBe('CLOSE'); // the evening before
  });
  it('reads dates in the organisation’s zone', () => {
    // 23:30 UTC on 23 December: already the 24th in Paris, still the 23rd (18:30) in Montreal.
    expect(periodAt(defaultWeek(), vacations, at('2026-12-23T23:30:00Z'), PARIS)).toBe('VACATION');
    expect(periodAt(defaultWeek(), vacations, at('2026-12-23T23:30:00Z'), MTL)).toBe('CLOSE');
  });
});

describe('periodAt and nextPeriodChange across daylight-saving changes', () => {
  it('spring forward (Montreal, 8 March 2026, 02:00 EST → 03:00 EDT): hours starting in the gap open when the clock jumps', () => {
    const week = weekWith({ day: 0, enabled: true, start: '02:30', end: '05:00' });
    expect(periodAt(week, [], at('2026-03-08T06:59:00Z'), MTL)).toBe('CLOSE'); // 01:59 EST
    expect(periodAt(week, [], at('2026-03-08T07:00:00Z'), MTL)).toBe('OPEN'); // 03:00 EDT
    expect(nextPeriodChange(week, [], at('2026-03-08T06:00:00Z'), MTL)).toEqual({
      period: 'OPEN',
      at: at('2026-03-08T07:00:00Z'),
    });
    // It closes at 05:00 EDT: 09:00 UTC, not 10:00.
    expect(nextPeriodChange(week, [], at('2026-03-08T07:00:00Z'), MTL)).toEqual({
      period: 'CLOSE',
      at: at('2026-03-08T09:00:00Z'),
    });
  });

  it('fall back (Montreal, 1 November 2026, 02:00 EDT → 01:00 EST): a break in the repeated hour happens twice', () => {
    const week = weekWith({
      day: 0,
      enabled: true,
      start: '00:00',
      end: '05:00',
      breaks: [{ start: '01:00', end: '01:30' }],
    });
    expect(periodAt(week, [], at('2026-11-01T05:00:00Z'), MTL)).toBe('BREAK'); // 01:00 EDT
    expect(periodAt(week, [], at('2026-11-01T05:30:00Z'), MTL)).toBe('OPEN'); // 01:30 EDT
    expect(periodAt(week, [], at('2026-11-01T06:00:00Z'), MTL)).toBe('BREAK'); // 01:00 EST, again
    expect(periodAt(week, [], at('2026-11-01T06:30:00Z'), MTL)).toBe('OPEN'); // 01:30 EST
    expect(nextPeriodChange(week, [], at('2026-11-01T05:00:00Z'), MTL)).toEqual({
      period: 'OPEN',
      at: at('2026-11-01T05:30:00Z'),
    });
    expect(nextPeriodChange(week, [], at('2026-11-01T05:30:00Z'), MTL)).toEqual({
      period: 'BREAK',
      at: at('2026-11-01T06:00:00Z'),
    });
    expect(nextPeriodChange(week, [], at('2026-11-01T06:00:00Z'), MTL)).toEqual({
      period: 'OPEN',
      at: at('2026-11-01T06:30:00Z'),
    });
    // 05:00 EST closes: 10:00 UTC.
    expect(nextPeriodChange(week, [], at('2026-11-01T06:30:00Z'), MTL)).toEqual({
      period: 'CLOSE',
      at: at('2026-11-01T10:00:00Z'),
    });
  });

  it('Paris fall back (25 October 2026, 03:00 CEST → 02:00 CET): a day opening at 02:30 opens at its first 02:30', () => {
    const week = weekWith({ day: 0, enabled: true, start: '02:30', end: '04:00' });
    expect(nextPeriodChange(week, [], at('2026-10-24T22:00:00Z'), PARIS)).toEqual({
      period: 'OPEN',
      at: at('2026-10-25T00:30:00Z'),
    });
    expect(periodAt(week, [], at('2026-10-25T01:00:00Z'), PARIS)).toBe('CLOSE'); // 02:00 CET, again before 02:30
    expect(nextPeriodChange(week, [], at('2026-10-25T01:00:00Z'), PARIS)).toEqual({
      period: 'OPEN',
      at: at('2026-10-25T01:30:00Z'),
    });
  });

  it('Paris spring forward (29 March 2026): a day ending in the gap closes when the clock jumps', () => {
    const week = weekWith({ day: 0, enabled: true, start: '01:00', end: '02:30' });
    expect(periodAt(week, [], at('2026-03-29T00:59:00Z'), PARIS)).toBe('OPEN'); // 01:59 CET
    expect(nextPeriodChange(week, [], at('2026-03-29T00:00:00Z'), PARIS)).toEqual({
      period: 'CLOSE',
      at: at('2026-03-29T01:00:00Z'),
    });
  });
});

describe('nextPeriodChange', () => {
  it('crosses midnight into a vacation, and out of it at the midnight after its last day', () => {
    const vacations: Vacation[] = [{ start: '2026-01-17', end: '2026-01-18' }];
    // Friday 16 January 17:00 EST → closed until Saturday 00:00, then vacation.
    expect(nextPeriodChange(defaultWeek(), vacations, at('2026-01-16T22:00:00Z'), MTL)).toEqual({
      period: 'VACATION',
      at: at('2026-01-17T05:00:00Z'),
    });
    expect(nextPeriodChange(defaultWeek(), vacations, at('2026-01-17T12:00:00Z'), MTL)).toEqual({
      period: 'CLOSE',
      at: at('2026-01-19T05:00:00Z'),
    });
  });

  it('finds the next open day across a weekend', () => {
    // Friday 17:00 EST → Monday 09:00 EST.
    expect(nextPeriodChange(defaultWeek(), [], at('2026-01-16T22:00:00Z'), MTL)).toEqual({
      period: 'OPEN',
      at: at('2026-01-19T14:00:00Z'),
    });
  });

  it('answers null when nothing changes within the horizon', () => {
    const closed = defaultWeek().map((d) => ({ ...d, enabled: false }));
    expect(nextPeriodChange(closed, [], at('2026-01-16T22:00:00Z'), MTL)).toBeNull();
  });

  it('leaves a vacation at its end, not at the zone’s next offset change weeks later', () => {
    const closed = defaultWeek().map((d) => ({ ...d, enabled: false }));
    const vacations: Vacation[] = [{ start: '2026-09-27', end: '2026-10-05' }];
    expect(nextPeriodChange(closed, vacations, at('2026-10-04T04:00:00Z'), MTL)).toEqual({
      period: 'CLOSE',
      at: at('2026-10-06T04:00:00Z'),
    });
  });

  it('finds a vacation months ahead on an always-closed week', () => {
    const closed = defaultWeek().map((d) => ({ ...d, enabled: false }));
    const vacations: Vacation[] = [{ start: '2026-09-01', end: '2026-09-02' }];
    expect(nextPeriodChange(closed, vacations, at('2026-01-16T22:00:00Z'), PARIS)).toEqual({
      period: 'VACATION',
      at: at('2026-08-31T22:00:00Z'),
    });
  });
});

describe('wallClockAt and isTimeZone', () => {
  it('reads the local date, weekday and minute', () => {
    expect(wallClockAt(at('2026-01-15T04:30:00Z'), MTL)).toEqual({
      date: '2026-01-14',
      day: 3,
      minute: 23 * 60 + 30,
    });
  });
  it('knows IANA names and refuses the rest', () => {
    expect(isTimeZone('America/Toronto')).toBe(true);
    expect(isTimeZone('Europe/Paris')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone('')).toBe(false);
    expect(isTimeZone('+05:00')).toBe(false);
  });
});

// ---- Properties ------------------------------------------------------------------------------

const ZONES = [
  MTL,
  PARIS,
  'America/Vancouver',
  'Europe/London',
  'Australia/Sydney',
  'America/St_Johns',
  'UTC',
];

/** An independent reading of the wall clock: Intl's own calendar fields. */
function intlWallClock(instant: Date, timeZone: string): { date: string; minute: number; weekday: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      weekday: 'short',
    })
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  );
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    minute: Number(parts.hour) * 60 + Number(parts.minute),
    weekday: parts.weekday!,
  };
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const hhmm = (m: number) =>
  `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;

/** A valid day: start < end, breaks sorted inside the hours, not overlapping. */
const dayArb = (day: number) =>
  fc
    .record({
      enabled: fc.boolean(),
      cuts: fc.uniqueArray(fc.integer({ min: 0, max: 1439 }), { minLength: 2, maxLength: 8 }),
    })
    .map(({ enabled, cuts }): DaySchedule => {
      const sorted = [...cuts].sort((a, b) => a - b);
      const start = sorted[0]!;
      const end = sorted[sorted.length - 1]!;
      const inner = sorted.slice(1, -1);
      const breaks = [];
      for (let i = 0; i + 1 < inner.length; i += 2)
        breaks.push({ start: hhmm(inner[i]!), end: hhmm(inner[i + 1]!) });
      return { day, enabled, start: hhmm(start), end: hhmm(end), breaks };
    });
const weekArb = fc.tuple(...[0, 1, 2, 3, 4, 5, 6].map(dayArb)).map((days): WeekSchedule => days);
const vacationsArb = fc.array(
  fc
    .tuple(fc.integer({ min: 0, max: 364 }), fc.integer({ min: 0, max: 20 }))
    .map(([offset, length]): Vacation => {
      const start = new Date(Date.UTC(2026, 0, 1) + offset * 86_400_000);
      const end = new Date(start.getTime() + length * 86_400_000);
      return { start: start.toISOString().slice(0, 10), end: end.toISOString().slice(0, 10) };
    }),
  { maxLength: 3 },
);
// Instants over 2026, to the second, so every daylight-saving change is reachable.
const instantArb = fc
  .integer({ min: Date.UTC(2026, 0, 1) / 1000, max: Date.UTC(2027, 0, 1) / 1000 })
  .map((s) => new Date(s * 1000));

describe('nextPeriodChange across a batch edge', () => {
  it('finds the opening at local midnight before the fall-back change of the same day', () => {
    // Found by the property below: open Sundays 00:00–02:00 in Montréal, asked at the close a
    // week before the fall-back Sunday; the offset change (06:00Z) must not hide the opening at
    // 00:00 EDT (04:00Z) of that day.
    const week: WeekSchedule = [0, 1, 2, 3, 4, 5, 6].map((day) =>
      day === 0
        ? { day, enabled: true, start: '00:00', end: '02:00', breaks: [] }
        : { day, enabled: false, start: '00:00', end: '00:01', breaks: [] },
    );
    const next = nextPeriodChange(week, [], new Date('2026-10-25T06:00:00Z'), 'America/Montreal');
    expect(next).toEqual({ period: 'OPEN', at: new Date('2026-11-01T04:00:00Z') });
  });
});

describe('properties', () => {
  it('the wall clock matches Intl’s own calendar fields in every zone', () => {
    fc.assert(
      fc.property(instantArb, fc.constantFrom(...ZONES), (instant, zone) => {
        const mine = wallClockAt(instant, zone);
        const theirs = intlWallClock(instant, zone);
        expect(mine.date).toBe(theirs.date);
        expect(mine.minute).toBe(theirs.minute);
        expect(WEEKDAYS[mine.day]).toBe(theirs.weekday);
      }),
      { numRuns: 500 },
    );
  });

  it('the next change is a change, and nothing changes before it', () => {
    fc.assert(
      fc.property(
        weekArb,
        vacationsArb,
        instantArb,
        fc.constantFrom(...ZONES),
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 20 }),
        (week, vacations, instant, zone, samples) => {
          const current = periodAt(week, vacations, instant, zone);
          const next = nextPeriodChange(week, vacations, instant, zone);
          if (next === null) return;
          expect(next.at.getTime()).toBeGreaterThan(instant.getTime());
          expect(next.period).not.toBe(current);
          expect(periodAt(week, vacations, next.at, zone)).toBe(next.period);
          // The minute before the change (when after the start) and sampled instants in between are still `current`.
          const before = next.at.getTime() - 60_000;
          if (before > instant.getTime())
            expect(periodAt(week, vacations, new Date(before), zone)).toBe(current);
          for (const f of samples) {
            const t = instant.getTime() + f * (next.at.getTime() - instant.getTime());
            if (t < next.at.getTime()) expect(periodAt(week, vacations, new Date(t), zone)).toBe(current);
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it('BREAK only within the day’s hours, OPEN only on enabled days, VACATION only on vacation dates', () => {
    fc.assert(
      fc.property(
        weekArb,
        vacationsArb,
        instantArb,
        fc.constantFrom(...ZONES),
        (week, vacations, instant, zone) => {
          const period = periodAt(week, vacations, instant, zone);
          const wall = intlWallClock(instant, zone);
          const day = week[WEEKDAYS.indexOf(wall.weekday)]!;
          const onVacation = vacations.some((v) => v.start <= wall.date && wall.date <= v.end);
          expect(period === 'VACATION').toBe(onVacation);
          if (period === 'OPEN' || period === 'BREAK') {
            expect(day.enabled).toBe(true);
            expect(wall.minute).toBeGreaterThanOrEqual(
              Number(day.start.slice(0, 2)) * 60 + Number(day.start.slice(3)),
            );
          }
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('a week without some day', () => {
  it('is closed on the missing day, and its next change is the vacation it still has', () => {
    expect(periodOfDay(undefined, 600)).toBe('CLOSE');
    expect(periodAt([], [], at('2026-01-14T15:00:00Z'), MTL)).toBe('CLOSE');
    expect(
      nextPeriodChange([], [{ start: '2026-01-20', end: '2026-01-21' }], at('2026-01-14T15:00:00Z'), MTL),
    ).toEqual({ period: 'VACATION', at: at('2026-01-20T05:00:00Z') });
  });
});
