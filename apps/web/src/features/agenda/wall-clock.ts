import { instantOf } from '@accueil/domain';
import { TZDate } from '@date-fns/tz';

/**
 * The calendar library draws browser-local `Date`s; the agenda shows the organisation's time
 * zone. `toWallDate` gives the browser-local `Date` whose fields read the organisation's wall
 * clock at `instant`; `fromWallDate` reads such a `Date` back as the instant it stands for.
 */
export function toWallDate(instant: string | Date, timeZone: string): Date {
  const z = new TZDate(new Date(instant).getTime(), timeZone);
  return new Date(z.getFullYear(), z.getMonth(), z.getDate(), z.getHours(), z.getMinutes());
}

/** See `toWallDate`: the instant a browser-local wall-clock `Date` of the organisation stands for. */
export function fromWallDate(wall: Date, timeZone: string): Date {
  return instantOf(wallDateKey(wall), wall.getHours() * 60 + wall.getMinutes(), timeZone);
}

/** `YYYY-MM-DD` of a browser-local `Date`'s own fields. */
export function wallDateKey(wall: Date): string {
  return `${wall.getFullYear()}-${String(wall.getMonth() + 1).padStart(2, '0')}-${String(wall.getDate()).padStart(2, '0')}`;
}
