import { formatPhoneDisplayWith } from '@accueil/domain';
import supportedMetadata from 'virtual:supported-phone-metadata';

/** Input of the date helpers: an ISO 8601 string, a Date or epoch milliseconds. */
export type DateInput = string | Date | number;

// ISO dates and date-times without a zone designator ('2026-03-05', '2026-03-05T14:07:00') mean
// local time, as people wrote them; `new Date()` would read a bare date as UTC midnight, the day
// before in the Americas. Strings with `Z` or an offset are instants and go to `new Date()`.
const LOCAL_ISO = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3})\d*)?)?)?$/;

/** `input` as a Date, or null when it is not a date. */
function toDate(input: DateInput): Date | null {
  let date: Date;
  const local = typeof input === 'string' ? LOCAL_ISO.exec(input) : null;
  if (local) {
    const [, y, mo, d, h = '0', mi = '0', s = '0', ms = '0'] = local;
    date = new Date(
      Number(y),
      Number(mo) - 1,
      Number(d),
      Number(h),
      Number(mi),
      Number(s),
      Number(ms.padEnd(3, '0')),
    );
    // Date rolls a 13th month or a 45th day over into the next; such a text is not a date.
    if (date.getMonth() !== Number(mo) - 1 || date.getDate() !== Number(d)) return null;
  } else {
    date = new Date(input);
  }
  return Number.isNaN(date.getTime()) ? null : date;
}

const two = (n: number) => String(n).padStart(2, '0');
const localDay = (d: Date) => `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}`;

/**
 * The numeric date's pattern for Mantine's date inputs (`valueFormat`, dayjs tokens): the same
 * `DD / MM / YYYY` as {@link formatDate}, the product's numeric date in every locale.
 */
export const DATE_INPUT_FORMAT = 'DD / MM / YYYY';

/** Date display `DD / MM / YYYY` (local time), e.g. `05 / 03 / 2026`. Empty for an invalid date. */
export function formatDate(iso: DateInput): string {
  const d = toDate(iso);
  return d ? `${two(d.getDate())} / ${two(d.getMonth() + 1)} / ${d.getFullYear()}` : '';
}

/** Time of day, 24 h, `HH:mm` (local time). Empty for an invalid date. */
export function formatTime(iso: DateInput): string {
  const d = toDate(iso);
  return d ? `${two(d.getHours())}:${two(d.getMinutes())}` : '';
}

/** Date and time: `DD / MM / YYYY HH:mm`. */
export function formatDateTime(iso: DateInput): string {
  const d = toDate(iso);
  return d ? `${formatDate(d)} ${formatTime(d)}` : '';
}

/** For lists: the time when the moment is today (relative to `now`, local time), else the date. */
export function formatRelativeDay(iso: DateInput, now: DateInput = Date.now()): string {
  const d = toDate(iso);
  const today = toDate(now);
  if (!d) return '';
  return today && localDay(d) === localDay(today) ? formatTime(d) : formatDate(d);
}

/** API dates are `YYYY-MM-DD` (the local day). Empty for an invalid date. */
export function toApiDate(value: DateInput): string {
  const d = toDate(value);
  return d ? localDay(d) : '';
}

// Named dates (weekday and month names) follow the interface's language through Intl: its order,
// abbreviations and punctuation are the locale's ("samedi 28 nov." in French, "Saturday, Nov 28"
// in English). Formatters are cached: building one costs far more than using it.
const formatters = new Map<string, Intl.DateTimeFormat>();
function intlFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let formatter = formatters.get(key);
  if (!formatter) formatters.set(key, (formatter = new Intl.DateTimeFormat(locale, options)));
  return formatter;
}
const named = (options: Intl.DateTimeFormatOptions) => (date: Date, locale: string) =>
  intlFormat(locale, options).format(date);

/** A day with its names, in `locale`: fr-CA `samedi 28 nov.`, en-CA `Saturday, Nov 28` (local time). */
export const formatDayHeader = named({ weekday: 'long', day: 'numeric', month: 'short' });
/** A day in a week's column header: fr-CA `sam. 28`, en-CA `Sat 28`. */
export const formatWeekDay = named({ weekday: 'short', day: 'numeric' });
/** A short day with its month: fr-CA `sam. 28 nov.`, en-CA `Sat, Nov 28`. */
export const formatShortDay = named({ weekday: 'short', day: 'numeric', month: 'short' });
/** A weekday's short name: fr-CA `sam.`, en-CA `Sat`. */
export const formatWeekdayName = named({ weekday: 'short' });
/** A month and its year: fr-CA `novembre 2026`, en-CA `November 2026`. */
export const formatMonthYear = named({ month: 'long', year: 'numeric' });
/** The day of the month alone, as `locale` writes it (`28`). */
export const formatDayNumber = named({ day: 'numeric' });

/** The name of weekday `day` (0 Sunday … 6 Saturday) in `locale`: fr-CA `lundi`, en-CA `Monday` (or `lun.`, `Mon`). */
export function weekdayName(day: number, locale: string, width: 'long' | 'short' = 'long'): string {
  // 2023-01-01 was a Sunday; read in UTC so no zone moves it to another day.
  return intlFormat(locale, { weekday: width, timeZone: 'UTC' }).format(new Date(Date.UTC(2023, 0, 1 + day)));
}

/** A span of days, as `locale` writes it: fr-CA `22–28 nov. 2026`, en-CA `Nov 22–28, 2026`. */
export function formatDayRange(range: { start: Date; end: Date }, locale: string): string {
  return intlFormat(locale, { day: 'numeric', month: 'short', year: 'numeric' }).formatRange(
    range.start,
    range.end,
  );
}

/**
 * Phone display `(AAA) BBB-CCCC` for North American numbers, international otherwise, with the
 * supported countries' metadata only: a number of another country is shown as stored (E.164).
 */
export function formatPhone(e164: string | null | undefined): string {
  return formatPhoneDisplayWith(supportedMetadata, e164);
}
