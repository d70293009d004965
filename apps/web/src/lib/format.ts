import { formatPhoneDisplayWith } from '@accueil/domain';
import supportedMetadata from 'virtual:supported-phone-metadata';
import dayjs from 'dayjs';

/** Input of the date helpers: an ISO 8601 string, a Date or epoch milliseconds. */
export type DateInput = string | Date | number;

/** Date display `DD / MM / YYYY` (local time), e.g. `05 / 03 / 2026`. Empty for an invalid date. */
export function formatDate(iso: DateInput): string {
  const d = dayjs(iso);
  return d.isValid() ? d.format('DD / MM / YYYY') : '';
}

/** Time of day, 24 h, `HH:mm` (local time). Empty for an invalid date. */
export function formatTime(iso: DateInput): string {
  const d = dayjs(iso);
  return d.isValid() ? d.format('HH:mm') : '';
}

/** Date and time: `DD / MM / YYYY HH:mm`. */
export function formatDateTime(iso: DateInput): string {
  const d = dayjs(iso);
  return d.isValid() ? `${formatDate(d.toDate())} ${formatTime(d.toDate())}` : '';
}

/** For lists: the time when the moment is today (relative to `now`), else the date. */
export function formatRelativeDay(iso: DateInput, now: DateInput = Date.now()): string {
  const d = dayjs(iso);
  if (!d.isValid()) return '';
  return d.isSame(dayjs(now), 'day') ? formatTime(d.toDate()) : formatDate(d.toDate());
}

/** API dates are `YYYY-MM-DD`. */
export function toApiDate(value: DateInput): string {
  return dayjs(value).format('YYYY-MM-DD');
}

/**
 * Phone display `(AAA) BBB-CCCC` for North American numbers, international otherwise, with the
 * supported countries' metadata only: a number of another country is shown as stored (E.164).
 */
export function formatPhone(e164: string | null | undefined): string {
  return formatPhoneDisplayWith(supportedMetadata, e164);
}
