import { tzOffset, tzScan } from '@date-fns/tz';
import {
  endToMinutes,
  timeToMinutes,
  type DaySchedule,
  type SchedulePeriod,
  type Vacation,
  type WeekSchedule,
} from './schedule';

/**
 * Which period a schedule is in at an instant, and when that changes
 * (docs/behaviour/schedules.md). The instant is read as the wall clock of the organisation's
 * IANA time zone, with the zone's offsets from `@date-fns/tz` (the runtime's time zone data):
 * in the spring-forward gap the skipped wall times never happen; in the fall-back repeated hour
 * each wall time happens twice and gets the same period both times.
 */

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
/** How far `nextPeriodChange` looks ahead (days): a year and a bit covers every weekly pattern and yearly vacation. */
export const PERIOD_CHANGE_HORIZON_DAYS = 400;

/** True when `timeZone` is an IANA time zone name the runtime knows (e.g. "America/Toronto"). */
export function isTimeZone(timeZone: string): boolean {
  if (!/^[A-Za-z_]+(\/[A-Za-z0-9_+-]+)*$/.test(timeZone)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/** The wall clock at an instant in a time zone: local date "YYYY-MM-DD", weekday 0–6 (Sunday 0), minute of the day 0–1439. */
export type WallClock = { date: string; day: number; minute: number };

/** The wall clock of `instant` in `timeZone` (an IANA name; see `isTimeZone`). */
export function wallClockAt(instant: Date, timeZone: string): WallClock {
  const local = new Date(instant.getTime() + tzOffset(timeZone, instant) * MINUTE_MS);
  return {
    date: local.toISOString().slice(0, 10),
    day: local.getUTCDay(),
    minute: local.getUTCHours() * 60 + local.getUTCMinutes(),
  };
}

/** The period of one day's schedule at a minute of that day: CLOSE outside hours or on a disabled day, BREAK within a break, else OPEN. */
export function periodOfDay(
  day: DaySchedule | undefined,
  minute: number,
): Exclude<SchedulePeriod, 'VACATION'> {
  if (!day?.enabled) return 'CLOSE';
  if (minute < timeToMinutes(day.start) || minute >= endToMinutes(day.end)) return 'CLOSE';
  const inBreak = day.breaks.some((b) => minute >= timeToMinutes(b.start) && minute < endToMinutes(b.end));
  return inBreak ? 'BREAK' : 'OPEN';
}

/** True when the local date "YYYY-MM-DD" falls within one of the vacations (both ends included). */
export function isVacationDate(vacations: readonly Vacation[], date: string): boolean {
  return vacations.some((v) => v.start <= date && date <= v.end);
}

/**
 * The period at `instant` for a week and its vacations, read in `timeZone`:
 * VACATION on a vacation date (it wins over everything), else CLOSE on a disabled day or outside
 * [start, end), BREAK within a break's [start, end), else OPEN.
 */
export function periodAt(
  week: WeekSchedule,
  vacations: readonly Vacation[],
  instant: Date,
  timeZone: string,
): SchedulePeriod {
  const wall = wallClockAt(instant, timeZone);
  if (isVacationDate(vacations, wall.date)) return 'VACATION';
  return periodOfDay(
    week.find((d) => d.day === wall.day),
    wall.minute,
  );
}

/** The next change of period: from `at` on, the schedule is in `period`. */
export type PeriodChange = { period: SchedulePeriod; at: Date };

/** Minutes of a day where its period may change: midnight (a new day, a vacation), its hours and its breaks. */
function boundaryMinutes(day: DaySchedule | undefined): number[] {
  const minutes = new Set([0]);
  if (day?.enabled) {
    // An end at 23:59 runs to midnight (endToMinutes), already a boundary: 1440 adds nothing.
    for (const t of [day.start, ...day.breaks.map((b) => b.start)]) minutes.add(timeToMinutes(t));
    for (const t of [day.end, ...day.breaks.map((b) => b.end)]) minutes.add(endToMinutes(t) % 1440);
  }
  return [...minutes];
}

/**
 * The instants whose wall clock in `timeZone` is `minute` of the local date starting at
 * `dateMs` (UTC midnight of that calendar date): none in a spring-forward gap, two in a
 * fall-back repeated hour, else one. The zone's offsets a day either side are the only candidates.
 */
function instantsOfWallTime(dateMs: number, minute: number, timeZone: string): number[] {
  const wallMs = dateMs + minute * MINUTE_MS;
  const offsets = new Set([
    tzOffset(timeZone, new Date(wallMs - DAY_MS)),
    tzOffset(timeZone, new Date(wallMs + DAY_MS)),
  ]);
  const found: number[] = [];
  for (const offset of offsets) {
    const t = wallMs - offset * MINUTE_MS;
    if (tzOffset(timeZone, new Date(t)) === offset) found.push(t);
  }
  return found;
}

/**
 * The next instant after `instant` where the period differs from the period at `instant`, with
 * the new period; `null` when it does not change within `PERIOD_CHANGE_HORIZON_DAYS` (e.g. every
 * day disabled and no vacation). Exact to the minute across offset changes: the candidates are
 * every wall time where a day's period may change (both occurrences in a repeated hour) and the
 * zone's offset changes themselves (where a gap skips a boundary).
 */
export function nextPeriodChange(
  week: WeekSchedule,
  vacations: readonly Vacation[],
  instant: Date,
  timeZone: string,
): PeriodChange | null {
  const current = periodAt(week, vacations, instant, timeZone);
  const from = instant.getTime();
  const firstDateMs = Date.parse(`${wallClockAt(instant, timeZone).date}T00:00:00Z`);
  // Batches of local days, growing, each overlapping the previous one by a day so that a wall
  // time repeated across midnight by an offset change is never skipped (the overlap is
  // evaluated twice, harmlessly: it did not change the period the first time).
  for (let startDay = -1, size = 3; startDay < PERIOD_CHANGE_HORIZON_DAYS; startDay += size - 1, size *= 2) {
    const endDay = Math.min(startDay + size, PERIOD_CHANGE_HORIZON_DAYS + 1);
    const candidates = new Set<number>();
    for (let d = startDay; d < endDay; d++) {
      const dateMs = firstDateMs + d * DAY_MS;
      const day = week.find((x) => x.day === new Date(dateMs).getUTCDay());
      for (const minute of boundaryMinutes(day))
        for (const t of instantsOfWallTime(dateMs, minute, timeZone)) candidates.add(t);
    }
    const scan = {
      start: new Date(firstDateMs + startDay * DAY_MS - DAY_MS),
      end: new Date(firstDateMs + endDay * DAY_MS + DAY_MS),
    };
    // tzScan walks whole months: it may report changes past the end of the batch, kept for their own batch.
    for (const change of tzScan(timeZone, scan))
      if (change.date <= scan.end) candidates.add(change.date.getTime());
    // Only instants of the batch's local days before its last one: the last day (and a zone's
    // offset change that tzScan reports on it or later) is the next batch's first, where that
    // day's own boundaries are candidates too — else an offset change could be taken for the
    // first change while an earlier boundary of that day is not yet listed.
    const lastBatch = endDay > PERIOD_CHANGE_HORIZON_DAYS;
    const cutoffDate = new Date(firstDateMs + (endDay - 1) * DAY_MS).toISOString().slice(0, 10);
    const ordered = [...candidates]
      // `t >= from` would add only `instant` itself, whose period is `current`, never returned (an
      // equivalent mutant, left unmarked: a mark would hide `t <= from` too).
      .filter((t) => t > from && (lastBatch || wallClockAt(new Date(t), timeZone).date < cutoffDate))
      .sort((a, b) => a - b);
    for (const t of ordered) {
      const period = periodAt(week, vacations, new Date(t), timeZone);
      if (period !== current) return { period, at: new Date(t) };
    }
  }
  return null;
}
