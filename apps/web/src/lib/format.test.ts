import { describe, expect, it } from 'vitest';
import { formatPhoneDisplay } from '@accueil/domain';
import {
  formatDate,
  formatDateTime,
  formatDayHeader,
  formatDayRange,
  formatMonthYear,
  formatPhone,
  formatRelativeDay,
  formatTime,
  formatWeekDay,
  toApiDate,
  weekdayName,
} from './format';

// Local-time inputs (no Z): the helpers display local time.
describe('format helpers', () => {
  it('shows dates as DD / MM / YYYY', () => {
    expect(formatDate('2026-03-05T14:07:00')).toBe('05 / 03 / 2026');
    expect(formatDate(new Date(2025, 11, 31, 23, 59))).toBe('31 / 12 / 2025');
    expect(formatDate('not a date')).toBe('');
  });

  it('shows times as HH:mm (24 h) and both together', () => {
    expect(formatTime('2026-03-05T09:04:00')).toBe('09:04');
    expect(formatTime('2026-03-05T21:30:00')).toBe('21:30');
    expect(formatDateTime('2026-03-05T21:30:00')).toBe('05 / 03 / 2026 21:30');
  });

  it('shows the time for today and the date otherwise', () => {
    const now = new Date(2026, 2, 5, 18, 0);
    expect(formatRelativeDay(new Date(2026, 2, 5, 8, 15), now)).toBe('08:15');
    expect(formatRelativeDay(new Date(2026, 2, 4, 23, 59), now)).toBe('04 / 03 / 2026');
  });

  it('gives API dates as YYYY-MM-DD', () => {
    expect(toApiDate(new Date(2026, 0, 9))).toBe('2026-01-09');
    expect(toApiDate('nonsense')).toBe('');
  });

  it('reads a date or date-time without a zone as local time, and one with a zone as an instant', () => {
    // A bare date is that day here, never the day before (UTC midnight read in the Americas).
    expect(formatDate('1980-05-03')).toBe('03 / 05 / 1980');
    expect(toApiDate('1980-05-03')).toBe('1980-05-03');
    expect(formatDateTime('2026-03-05 07:08:09.123')).toBe('05 / 03 / 2026 07:08');
    const instant = '2026-03-05T12:00:00Z';
    const local = new Date(instant);
    expect(formatTime(instant)).toBe(`${String(local.getHours()).padStart(2, '0')}:00`);
    expect(formatDate(Date.UTC(2026, 2, 5, 12))).toBe(formatDate(local));
    expect(formatDate('2026-13-45')).toBe('');
  });

  it('shows North American phones as (AAA) BBB-CCCC and others internationally', () => {
    expect(formatPhone('+15145551234')).toBe('(514) 555-1234');
    expect(formatPhone('+14385550199')).toBe('(438) 555-0199');
    expect(formatPhone('+33612345678')).toBe('+33 6 12 34 56 78');
    expect(formatPhone('anonymous')).toBe('anonymous');
    expect(formatPhone(null)).toBe('');
  });

  it('formats every supported country as the full metadata does, and leaves other countries as stored', () => {
    const samples = [
      '+3225551234',
      '+41441234567',
      '+352621123456',
      '+31612345678',
      '+447400123456',
      '+34612345678',
      '+376312345',
      '+37799123456',
      '+393123456789',
      '+12125550123',
      '+15145551234',
      '+33612345678',
    ];
    for (const phone of samples) expect(formatPhone(phone)).toBe(formatPhoneDisplay(phone));
    expect(formatPhone('+33612345678')).not.toBe('+33612345678');
    expect(formatPhoneDisplay('+4930123456')).toBe('+49 30 123456');
    expect(formatPhone('+4930123456')).toBe('+4930123456');
    expect(formatPhone('+1 123 456 7890')).toBe('+1 123 456 7890');
  });
});

describe('named dates in the interface language', () => {
  const saturday = new Date(2026, 10, 28, 10, 0);

  it('writes the day the way each language does (day before month in French)', () => {
    expect(formatDayHeader(saturday, 'fr-CA')).toBe('samedi 28 nov.');
    expect(formatDayHeader(saturday, 'fr-FR')).toBe('samedi 28 nov.');
    expect(formatDayHeader(saturday, 'en-CA')).toBe('Saturday, Nov 28');
    expect(formatWeekDay(saturday, 'fr-CA')).toBe('sam. 28');
    expect(formatWeekDay(saturday, 'en-CA')).toBe('Sat 28');
  });

  it('writes months, spans of days and weekday names in the locale', () => {
    expect(formatMonthYear(saturday, 'fr-CA')).toBe('novembre 2026');
    expect(formatMonthYear(saturday, 'en-CA')).toBe('November 2026');
    const week = { start: new Date(2026, 10, 22), end: saturday };
    expect(formatDayRange(week, 'fr-CA')).toBe('22–28 nov. 2026');
    expect(formatDayRange(week, 'en-CA')).toBe('Nov 22–28, 2026');
    expect(weekdayName(1, 'fr-CA')).toBe('lundi');
    expect(weekdayName(0, 'en-CA', 'short')).toBe('Sun');
  });
});
