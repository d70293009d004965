/** The name of weekday `day` (0 Sunday … 6 Saturday) in `locale`, from the browser's Intl. */
export function weekdayName(day: number, locale: string, width: 'long' | 'short' = 'long'): string {
  // 2023-01-01 was a Sunday.
  return new Intl.DateTimeFormat(locale, { weekday: width, timeZone: 'UTC' }).format(
    new Date(Date.UTC(2023, 0, 1 + day)),
  );
}

/** Weekdays in the order a week is read here: Monday first, Sunday last. */
export const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0] as const;
