/** Weekday names come from the one date formatter. */
export { weekdayName } from '../../lib/format';

/** Weekdays in the order a week is read here: Monday first, Sunday last. */
export const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0] as const;
