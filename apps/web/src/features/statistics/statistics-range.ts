import { addDays } from '@accueil/domain';

/** A span of days, `YYYY-MM-DD`, both included. */
export type DayRange = { from: string; to: string };

/** Today in the browser's time zone, `YYYY-MM-DD`. */
export function todayOf(now: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * The last full week, Sunday to Saturday (spec: weekdays 0 Sunday to 6 Saturday; the weekly
 * report's span), before `today`.
 */
export function lastWeek(today: string): DayRange {
  const weekday = new Date(`${today}T00:00:00Z`).getUTCDay();
  const saturday = addDays(today, -weekday - 1);
  return { from: addDays(saturday, -6), to: saturday };
}

/** The presets of the range picker: the last full week, the last 30 days, the last 12 months (to today). */
export function rangePresets(today: string): { key: string; range: DayRange }[] {
  return [
    { key: 'lastWeek', range: lastWeek(today) },
    { key: 'last30Days', range: { from: addDays(today, -29), to: today } },
    { key: 'last12Months', range: { from: addDays(today, -364), to: today } },
  ];
}
