import { TZDate } from '@date-fns/tz';

/**
 * The weekly report is sent on Sunday (organisation-setup-content.md §9) from this hour of the
 * organisation's time zone on (the hourly run that first finds it due sends it).
 */
export const WEEKLY_REPORT_LOCAL_HOUR = 6;

/** A day (`YYYY-MM-DD`) `n` days after `day` (before, for a negative `n`). */
export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
}

/** The day (`YYYY-MM-DD`) it is at `instant` in `timeZone` (an IANA name). */
export function localDay(instant: Date, timeZone: string): string {
  const local = new TZDate(instant.getTime(), timeZone);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${local.getFullYear()}-${pad(local.getMonth() + 1)}-${pad(local.getDate())}`;
}

/**
 * The week whose report is due at `now` in `timeZone`, or null: on Sunday (weekday 0, spec §9)
 * from `WEEKLY_REPORT_LOCAL_HOUR` local time on, the seven days Sunday to Saturday that ended the
 * day before. Local time follows the zone's daylight-saving rules (a Sunday of 23 or 25 hours is
 * one Sunday). `weekStart`, `weekEnd`: `YYYY-MM-DD`, both included.
 */
export function weeklyReportDue(now: Date, timeZone: string): { weekStart: string; weekEnd: string } | null {
  const local = new TZDate(now.getTime(), timeZone);
  if (local.getDay() !== 0 || local.getHours() < WEEKLY_REPORT_LOCAL_HOUR) return null;
  const today = localDay(now, timeZone);
  return { weekStart: addDays(today, -7), weekEnd: addDays(today, -1) };
}
