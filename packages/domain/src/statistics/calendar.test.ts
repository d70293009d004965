import { describe, expect, it } from 'vitest';
import { addDays, localDay, weeklyReportDue } from './calendar';

const at = (iso: string) => new Date(iso);

describe('weeklyReportDue: every Sunday from 06:00 in the organisation’s time zone', () => {
  it('America/Toronto: Sunday 06:00 EST is 11:00 UTC; 05:59 is not yet; Saturday and Monday never', () => {
    expect(weeklyReportDue(at('2026-11-29T10:59:00Z'), 'America/Toronto')).toBeNull();
    expect(weeklyReportDue(at('2026-11-29T11:00:00Z'), 'America/Toronto')).toEqual({
      weekStart: '2026-11-22',
      weekEnd: '2026-11-28',
    });
    // Sunday 23:59 in Toronto is already Monday in UTC: still that Sunday's week.
    expect(weeklyReportDue(at('2026-11-30T04:59:00Z'), 'America/Toronto')?.weekStart).toBe('2026-11-22');
    expect(weeklyReportDue(at('2026-11-30T05:00:00Z'), 'America/Toronto')).toBeNull();
    expect(weeklyReportDue(at('2026-11-28T15:00:00Z'), 'America/Toronto')).toBeNull();
  });

  it('America/Toronto on the Sunday daylight saving ends (2026-11-01, 02:00 EDT → 01:00 EST): 06:00 EST = 11:00 UTC', () => {
    expect(weeklyReportDue(at('2026-11-01T10:30:00Z'), 'America/Toronto')).toBeNull(); // 05:30 EST
    expect(weeklyReportDue(at('2026-11-01T11:00:00Z'), 'America/Toronto')).toEqual({
      weekStart: '2026-10-25',
      weekEnd: '2026-10-31',
    });
  });

  it('Europe/Paris on the Sunday daylight saving starts (2026-03-29): 06:00 CEST = 04:00 UTC', () => {
    expect(weeklyReportDue(at('2026-03-29T03:59:00Z'), 'Europe/Paris')).toBeNull();
    expect(weeklyReportDue(at('2026-03-29T04:00:00Z'), 'Europe/Paris')).toEqual({
      weekStart: '2026-03-22',
      weekEnd: '2026-03-28',
    });
  });

  it('Pacific/Auckland, ahead of UTC: its Sunday 06:00 (NZDT) is Saturday 17:00 UTC; daylight saving starts on Sunday 2026-09-27', () => {
    expect(weeklyReportDue(at('2026-11-28T16:59:00Z'), 'Pacific/Auckland')).toBeNull();
    expect(weeklyReportDue(at('2026-11-28T17:00:00Z'), 'Pacific/Auckland')).toEqual({
      weekStart: '2026-11-22',
      weekEnd: '2026-11-28',
    });
    // 2026-09-27 02:00 NZST → 03:00 NZDT: 06:00 NZDT is 17:00 UTC on the Saturday.
    expect(weeklyReportDue(at('2026-09-26T16:59:00Z'), 'Pacific/Auckland')).toBeNull();
    expect(weeklyReportDue(at('2026-09-26T17:00:00Z'), 'Pacific/Auckland')?.weekEnd).toBe('2026-09-26');
  });

  it('localDay and addDays', () => {
    expect(localDay(at('2026-11-29T03:00:00Z'), 'America/Toronto')).toBe('2026-11-28');
    expect(localDay(at('2026-11-29T03:00:00Z'), 'Pacific/Auckland')).toBe('2026-11-29');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });
});
