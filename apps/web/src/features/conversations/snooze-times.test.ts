import { describe, expect, it } from 'vitest';
import { createIntl } from 'react-intl';
import { formatSnoozeEnd, snoozeChoices } from './snooze-times';

const TORONTO = 'America/Toronto';
const iso = (choices: ReturnType<typeof snoozeChoices>) => choices.map((c) => [c.key, c.at.toISOString()]);

// docs/behaviour/snooze.md, "In the browser": the menus' ends on the organisation's clock.
describe('snooze choices', () => {
  it('on a Wednesday morning in Toronto: 18:00 today, 8:00 tomorrow, 8:00 next Monday (EST, UTC−5)', () => {
    expect(iso(snoozeChoices(new Date('2026-12-02T14:00:00Z'), TORONTO))).toEqual([
      ['laterToday', '2026-12-02T23:00:00.000Z'],
      ['tomorrow', '2026-12-03T13:00:00.000Z'],
      ['nextMonday', '2026-12-07T13:00:00.000Z'],
    ]);
  });

  it('leaves "later today" out from 17:30 and reads the day on the organisation’s clock, not UTC', () => {
    // 17:45 in Toronto is already Thursday in UTC.
    expect(iso(snoozeChoices(new Date('2026-12-02T22:45:00Z'), TORONTO))).toEqual([
      ['tomorrow', '2026-12-03T13:00:00.000Z'],
      ['nextMonday', '2026-12-07T13:00:00.000Z'],
    ]);
    expect(snoozeChoices(new Date('2026-12-02T22:29:00Z'), TORONTO)[0]!.key).toBe('laterToday');
  });

  it('on a Sunday evening, next Monday is tomorrow: offered once; on a Monday it is a week ahead', () => {
    expect(snoozeChoices(new Date('2026-12-06T23:00:00Z'), TORONTO).map((c) => c.key)).toEqual(['tomorrow']);
    expect(iso(snoozeChoices(new Date('2026-12-07T23:30:00Z'), TORONTO)).at(-1)).toEqual([
      'nextMonday',
      '2026-12-14T13:00:00.000Z',
    ]);
  });

  it('follows a daylight-saving change and another time zone (Paris)', () => {
    // Saturday 7 March 2026 in Toronto; clocks go forward on Sunday the 8th: Monday 8:00 is EDT (UTC−4).
    expect(iso(snoozeChoices(new Date('2026-03-07T15:00:00Z'), TORONTO)).at(-1)).toEqual([
      'nextMonday',
      '2026-03-09T12:00:00.000Z',
    ]);
    expect(iso(snoozeChoices(new Date('2026-12-02T08:00:00Z'), 'Europe/Paris'))[0]).toEqual([
      'laterToday',
      '2026-12-02T17:00:00.000Z',
    ]);
  });

  it('shows an end on the organisation’s clock in the interface’s language', () => {
    const at = '2026-12-07T13:00:00.000Z';
    expect(formatSnoozeEnd(createIntl({ locale: 'en-CA' }), at, TORONTO)).toMatch(/Mon.*Dec.*7.*8:00/);
    expect(formatSnoozeEnd(createIntl({ locale: 'fr-CA' }), at, TORONTO)).toMatch(/lun.*7 déc.*8 h 00/);
  });
});
