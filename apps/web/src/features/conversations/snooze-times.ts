import { instantOf } from '@accueil/domain';
import { TZDate } from '@date-fns/tz';
import type { IntlShape } from 'react-intl';

/** A ready-made snooze end offered by the menus (docs/behaviour/snooze.md). */
export interface SnoozeChoice {
  /** Its label's key: `conversations.snooze.<key>`. */
  key: 'laterToday' | 'tomorrow' | 'nextMonday';
  at: Date;
}

/** "Later today" wakes at 18:00, the organisation's clock (minutes after midnight). */
export const LATER_TODAY_MINUTES = 18 * 60;
/** "Tomorrow" and "Next Monday" wake at 8:00, the organisation's clock (minutes after midnight). */
export const MORNING_MINUTES = 8 * 60;
/** "Later today" is offered only while 18:00 is at least this far ahead (ms): half an hour. */
export const LATER_TODAY_MIN_AHEAD_MS = 30 * 60 * 1000;

/** `YYYY-MM-DD` `days` after the date `key` (calendar days, whatever the time zone's shifts). */
function addDays(key: string, days: number): string {
  const [y, m, d] = key.split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d! + days)).toISOString().slice(0, 10);
}

/**
 * The menus' snooze ends at `now`, read on the organisation's wall clock (`timeZone`, IANA):
 * later today 18:00 (while it is at least half an hour ahead), tomorrow 8:00, and next Monday
 * 8:00 (the Monday after today; left out when it is tomorrow). In that order.
 */
export function snoozeChoices(now: Date, timeZone: string): SnoozeChoice[] {
  const wall = new TZDate(now.getTime(), timeZone);
  const today = `${wall.getFullYear()}-${String(wall.getMonth() + 1).padStart(2, '0')}-${String(wall.getDate()).padStart(2, '0')}`;
  const choices: SnoozeChoice[] = [];
  const evening = instantOf(today, LATER_TODAY_MINUTES, timeZone);
  if (evening.getTime() - now.getTime() >= LATER_TODAY_MIN_AHEAD_MS)
    choices.push({ key: 'laterToday', at: evening });
  choices.push({ key: 'tomorrow', at: instantOf(addDays(today, 1), MORNING_MINUTES, timeZone) });
  const toMonday = (8 - wall.getDay()) % 7 || 7;
  if (toMonday > 1)
    choices.push({ key: 'nextMonday', at: instantOf(addDays(today, toMonday), MORNING_MINUTES, timeZone) });
  return choices;
}

/** A snooze's end for people: "Mon, Dec 1, 8:00 a.m." in the interface's language, on the organisation's clock. */
export function formatSnoozeEnd(intl: IntlShape, at: string | Date, timeZone: string): string {
  return intl.formatDate(at, {
    timeZone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: 'numeric',
    minute: '2-digit',
  });
}
