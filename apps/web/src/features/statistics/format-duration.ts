import type { IntlShape } from 'react-intl';

/**
 * A first-response time for people: seconds under a minute, minutes (one decimal) under an hour,
 * else hours (one decimal), in the interface's language; an em dash when there is none.
 */
export function formatDuration(intl: IntlShape, seconds: number | null): string {
  if (seconds === null) return '—';
  const [value, unit] =
    seconds < 60 ? [seconds, 'second'] : seconds < 3600 ? [seconds / 60, 'minute'] : [seconds / 3600, 'hour'];
  return intl.formatNumber(value, { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: 1 });
}
