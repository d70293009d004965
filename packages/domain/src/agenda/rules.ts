import { TZDate } from '@date-fns/tz';
import { wallClockAt } from '../schedules/period';
import type { DaySchedule } from '../schedules/schedule';
import type { AvailabilityRange } from './entities';

/** Minutes since midnight of an `HH:mm` time. */
export function minutesOfDay(time: string): number {
  const [h, m] = time.split(':').map(Number);
  return h! * 60 + m!;
}

/** `HH:mm` of minutes since midnight (0 to 1439). */
export function timeOfMinutes(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

const overlaps = (aStart: string, aEnd: string, bStart: string, bEnd: string) =>
  aStart < bEnd && bStart < aEnd;

/**
 * The first two ranges of a category that overlap (same day, sharing more than an instant:
 * 09:00-10:00 and 10:00-11:00 do not), as their indexes, or null when none do.
 */
export function findOverlappingRanges(ranges: readonly AvailabilityRange[]): [number, number] | null {
  // Stryker disable next-line EqualityOperator: at i = length the inner loop runs no turn.
  for (let i = 0; i < ranges.length; i++) {
    for (let j = i + 1; j < ranges.length; j++) {
      const a = ranges[i]!;
      const b = ranges[j]!;
      if (a.day === b.day && overlaps(a.start, a.end, b.start, b.end)) return [i, j];
    }
  }
  return null;
}

/**
 * The indexes of the ranges that do not fit the opening hours: a range fits when its day is
 * open, it lies between the day's opening and closing times, and it crosses none of the day's
 * breaks.
 */
export function rangesOutsideOpeningHours(
  ranges: readonly AvailabilityRange[],
  hours: readonly DaySchedule[],
): number[] {
  return ranges.flatMap((r, index) => {
    const day = hours.find((d) => d.day === r.day);
    const fits =
      !!day &&
      day.enabled &&
      r.start >= day.start &&
      r.end <= day.end &&
      !day.breaks.some((b) => overlaps(r.start, r.end, b.start, b.end));
    return fits ? [] : [index];
  });
}

/** The instant of a wall-clock `date` (`YYYY-MM-DD`) and `minutes` since midnight in `timeZone`. */
export function instantOf(date: string, minutes: number, timeZone: string): Date {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(new TZDate(y!, m! - 1, d!, Math.floor(minutes / 60), minutes % 60, timeZone).getTime());
}

/** The weekday (0 Sunday) of a `YYYY-MM-DD` date. */
export function weekdayOf(date: string): number {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d)).getUTCDay();
}

/**
 * Whether an appointment from `startsAt` lasting `durationMinutes` lies inside one of the
 * category's ranges, on the wall clock of `timeZone` (same day, start and end within the range).
 */
export function fitsAvailability(
  startsAt: Date,
  durationMinutes: number,
  ranges: readonly AvailabilityRange[],
  timeZone: string,
): boolean {
  const start = wallClockAt(startsAt, timeZone);
  const end = wallClockAt(new Date(startsAt.getTime() + durationMinutes * 60_000), timeZone);
  // An appointment running into the next day ends at 24:00 here, after every range (they end by 23:59).
  const endMinutes = end.date === start.date ? end.minute : 24 * 60;
  return ranges.some(
    (r) => r.day === start.day && start.minute >= minutesOfDay(r.start) && endMinutes <= minutesOfDay(r.end),
  );
}

/**
 * The free availabilities of a category on `date`: start instants, from each range's start in
 * steps of `durationMinutes`, whose whole duration fits the range and meets none of `taken`
 * (the professional's other appointments, not cancelled). Sorted, as ISO strings.
 */
export function freeAvailabilities(input: {
  date: string;
  ranges: readonly AvailabilityRange[];
  timeZone: string;
  durationMinutes: number;
  taken: readonly { startsAt: Date; endsAt: Date }[];
}): string[] {
  const day = weekdayOf(input.date);
  const slots: string[] = [];
  for (const r of input.ranges.filter((x) => x.day === day)) {
    for (
      let m = minutesOfDay(r.start);
      m + input.durationMinutes <= minutesOfDay(r.end);
      m += input.durationMinutes
    ) {
      const start = instantOf(input.date, m, input.timeZone);
      const end = new Date(start.getTime() + input.durationMinutes * 60_000);
      if (!input.taken.some((t) => t.startsAt < end && start < t.endsAt)) slots.push(start.toISOString());
    }
  }
  return [...new Set(slots)].sort();
}
