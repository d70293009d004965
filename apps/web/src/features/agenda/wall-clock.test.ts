import { describe, expect, it } from 'vitest';
import { fromWallDate, toWallDate, wallDateKey } from './wall-clock';

describe('the organisation wall clock in the calendar', () => {
  it('shows an instant at the organisation time, whatever the browser zone, and reads it back', () => {
    // 14:00 UTC is 09:00 in Toronto (UTC-5 in January) and 15:00 in Paris.
    const wall = toWallDate('2030-01-07T14:00:00Z', 'America/Toronto');
    expect([wall.getHours(), wall.getMinutes(), wallDateKey(wall)]).toEqual([9, 0, '2030-01-07']);
    expect(fromWallDate(wall, 'America/Toronto').toISOString()).toBe('2030-01-07T14:00:00.000Z');
    expect(toWallDate('2030-01-07T14:00:00Z', 'Europe/Paris').getHours()).toBe(15);
  });

  it('keeps the wall time across a daylight saving change (Toronto, 9 March 2025)', () => {
    expect(fromWallDate(new Date(2025, 2, 10, 9, 0), 'America/Toronto').toISOString()).toBe(
      '2025-03-10T13:00:00.000Z',
    );
    expect(fromWallDate(new Date(2025, 2, 7, 9, 0), 'America/Toronto').toISOString()).toBe(
      '2025-03-07T14:00:00.000Z',
    );
  });
});
