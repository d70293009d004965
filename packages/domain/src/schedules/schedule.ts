import { z } from 'zod';

/**
 * The weekly schedule of an organisation or a team, and its vacations (docs/behaviour/schedules.md).
 *
 * Times are wall-clock times "HH:mm" (00:00–23:59) in the organisation's time zone; a day's hours
 * are the half-open range [start, end): at `end` the day is closed. Days are numbered like
 * `Date.getDay()`: 0 Sunday … 6 Saturday. Vacation dates are calendar dates "YYYY-MM-DD" in the
 * organisation's time zone, both ends included.
 */

/** Kinds of period a schedule answers at an instant; the same four kinds name the voicemail greetings. */
export const SCHEDULE_PERIODS = ['OPEN', 'CLOSE', 'BREAK', 'VACATION'] as const;
export type SchedulePeriod = (typeof SCHEDULE_PERIODS)[number];

/** Default opening hours: 09:00–17:00, Monday to Friday. */
export const DEFAULT_DAY_START = '09:00';
export const DEFAULT_DAY_END = '17:00';
/** Most breaks in one day, and most vacation ranges in one schedule (guards against huge bodies). */
export const SCHEDULE_BREAKS_MAX = 10;
export const SCHEDULE_VACATIONS_MAX = 100;
/** Longest vacation label (characters). */
export const VACATION_LABEL_MAX_CHARS = 100;

/**
 * Why a schedule is refused: the text of each is in the web's `schedules` catalogue
 * (`issue.<code>`), and the server answers them as `validation-failed` issues (message = code).
 * - `schedule-start-after-end`: a day's start is not before its end.
 * - `schedule-break-start-after-end`: a break's start is not before its end.
 * - `schedule-break-outside-hours`: a break does not lie within the day's hours.
 * - `schedule-breaks-overlap`: two breaks of a day overlap (touching is allowed).
 * - `vacation-end-before-start`: a vacation ends before it starts.
 */
export const SCHEDULE_ISSUES = [
  'schedule-start-after-end',
  'schedule-break-start-after-end',
  'schedule-break-outside-hours',
  'schedule-breaks-overlap',
  'vacation-end-before-start',
] as const;
export type ScheduleIssue = (typeof SCHEDULE_ISSUES)[number];

const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;
const DATE_PATTERN = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/** "HH:mm" → minutes since midnight (0–1439). The string must match the time format. */
export function timeToMinutes(time: string): number {
  return Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
}

/**
 * The minute (0–1440) where a range ending at `time` ("HH:mm") ends: its own minute, except
 * 23:59, the latest time the format can write, which runs to midnight (1440). A day open
 * 00:00–23:59 is open all day: without this, every such schedule closed for the day's last
 * minute (docs/behaviour/schedules.md).
 */
export function endToMinutes(time: string): number {
  const minute = timeToMinutes(time);
  return minute === LAST_MINUTE ? MINUTES_PER_DAY : minute;
}
const LAST_MINUTE = 23 * 60 + 59;
const MINUTES_PER_DAY = 24 * 60;

/** A wall-clock time "HH:mm", 00:00 to 23:59. */
export const timeOfDaySchema = z.string().regex(TIME_PATTERN, 'time-invalid');

/** A real calendar date "YYYY-MM-DD" (2026-02-30 is refused). */
export const calendarDateSchema = z
  .string()
  .regex(DATE_PATTERN, 'date-invalid')
  .refine((s) => {
    // Runs even when the pattern failed (zod goes on after a non-fatal issue): never throw.
    const date = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(s);
  }, 'date-invalid');

/** A range of wall-clock times, [start, end). */
export const timeRangeSchema = z.object({ start: timeOfDaySchema, end: timeOfDaySchema });
export type TimeRange = z.infer<typeof timeRangeSchema>;

/** One day of the week: open or not, its hours and its breaks. A disabled day is closed all day. */
export const dayScheduleSchema = z.object({
  day: z.number().int().min(0).max(6),
  enabled: z.boolean(),
  start: timeOfDaySchema,
  end: timeOfDaySchema,
  breaks: z.array(timeRangeSchema).max(SCHEDULE_BREAKS_MAX),
});
export type DaySchedule = z.infer<typeof dayScheduleSchema>;

/** A vacation: the organisation (or team) is away from `start` to `end`, both dates included. */
export const vacationSchema = z.object({
  start: calendarDateSchema,
  end: calendarDateSchema,
  label: z.string().trim().max(VACATION_LABEL_MAX_CHARS).optional(),
});
export type Vacation = z.infer<typeof vacationSchema>;

/** One issue of a schedule: the dotted path inside the schedule and the issue's code. */
export type ScheduleProblem = { path: (string | number)[]; issue: ScheduleIssue };

/**
 * The rules a week must follow, on enabled days: start before end; each break's start before
 * its end; each break within the day's hours; breaks not overlapping each other (one may start
 * where another ends). A disabled day keeps its hours for later but is not checked.
 * Returns every problem (empty when the week is valid); paths are relative to the week array.
 */
export function weekProblems(week: readonly DaySchedule[]): ScheduleProblem[] {
  const problems: ScheduleProblem[] = [];
  week.forEach((day, i) => {
    if (!day.enabled) return;
    const start = timeToMinutes(day.start);
    const end = timeToMinutes(day.end);
    if (start >= end) problems.push({ path: [i, 'end'], issue: 'schedule-start-after-end' });
    const sorted = day.breaks.map((b, j) => ({
      j,
      start: timeToMinutes(b.start),
      end: timeToMinutes(b.end),
    }));
    for (const b of sorted) {
      if (b.start >= b.end)
        problems.push({ path: [i, 'breaks', b.j, 'end'], issue: 'schedule-break-start-after-end' });
      else if (b.start < start || b.end > end)
        problems.push({ path: [i, 'breaks', b.j], issue: 'schedule-break-outside-hours' });
    }
    sorted.sort((a, b) => a.start - b.start || a.end - b.end);
    for (let k = 1; k < sorted.length; k++) {
      // Overlap: this break starts before the end of any earlier one (sorted by start).
      const earlierEnd = Math.max(...sorted.slice(0, k).map((b) => b.end));
      if (sorted[k]!.start < earlierEnd)
        problems.push({ path: [i, 'breaks', sorted[k]!.j], issue: 'schedule-breaks-overlap' });
    }
  });
  return problems;
}

/** The rule of a vacation list: each ends on or after the day it starts. Paths are relative to the list. */
export function vacationProblems(vacations: readonly Vacation[]): ScheduleProblem[] {
  return vacations.flatMap((v, i) =>
    v.end < v.start ? [{ path: [i, 'end'], issue: 'vacation-end-before-start' as const }] : [],
  );
}

/** Seven days, day i at index i (0 Sunday … 6 Saturday), following the rules of `weekProblems`. */
export const weekScheduleSchema = z
  .array(dayScheduleSchema)
  .length(7)
  .superRefine((week, ctx) => {
    // Zod runs this even when a day failed its own schema: the rules read only well-formed days.
    if (week.length !== 7 || !week.every((d) => dayScheduleSchema.safeParse(d).success)) return;
    week.forEach((d, i) => {
      if (d.day !== i) ctx.addIssue({ code: 'custom', path: [i, 'day'], message: 'day-out-of-order' });
    });
    for (const p of weekProblems(week)) ctx.addIssue({ code: 'custom', path: p.path, message: p.issue });
  });
export type WeekSchedule = z.infer<typeof weekScheduleSchema>;

/** A list of vacations following the rule of `vacationProblems`. */
export const vacationListSchema = z
  .array(vacationSchema)
  .max(SCHEDULE_VACATIONS_MAX)
  .superRefine((list, ctx) => {
    if (!list.every((v) => vacationSchema.safeParse(v).success)) return;
    for (const p of vacationProblems(list)) ctx.addIssue({ code: 'custom', path: p.path, message: p.issue });
  });

/** A schedule: its week and its vacations. */
export const scheduleSchema = z.object({ week: weekScheduleSchema, vacations: vacationListSchema });
export type Schedule = z.infer<typeof scheduleSchema>;

/** The default week: 09:00–17:00, Monday to Friday enabled, no breaks (weekend days disabled with the same hours). */
export function defaultWeek(): WeekSchedule {
  return [0, 1, 2, 3, 4, 5, 6].map((day) => ({
    day,
    enabled: day >= 1 && day <= 5,
    start: DEFAULT_DAY_START,
    end: DEFAULT_DAY_END,
    breaks: [],
  }));
}

/** The default schedule: the default week and no vacation. */
export function defaultSchedule(): Schedule {
  return { week: defaultWeek(), vacations: [] };
}

/**
 * The schedule a team follows. A team without its own week (`null`) follows the
 * organisation's week. Vacations add up: the organisation's vacations close every team, and a
 * team's own vacations close that team only.
 */
export function resolveTeamSchedule(organization: Schedule, team: Schedule | null | undefined): Schedule {
  if (!team) return organization;
  return { week: team.week, vacations: [...organization.vacations, ...team.vacations] };
}
