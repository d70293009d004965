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

/**
 * Phone display `(AAA) BBB-CCCC` for North American numbers, international otherwise, with the
 * supported countries' metadata only: a number of another country is shown as stored (E.164).
 */
export function formatPhone(e164: string | null | undefined): string {
  return formatPhoneDisplayWith(supportedMetadata, e164);
}
