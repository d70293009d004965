import { describe, expect, it } from 'vitest';
import {
  calendarDateSchema,
  defaultSchedule,
  defaultWeek,
  resolveTeamSchedule,
  SCHEDULE_BREAKS_MAX,
  SCHEDULE_VACATIONS_MAX,
  scheduleSchema,
  timeOfDaySchema,
  timeToMinutes,
  VACATION_LABEL_MAX_CHARS,
  vacationProblems,
  weekProblems,
  type Schedule,
  type WeekSchedule,
} from './schedule';

/** The issues (path → message) zod reports for a schedule. */
function issues(schedule: unknown): string[] {
  const result = scheduleSchema.safeParse(schedule);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
}

function withMonday(change: Partial<WeekSchedule[number]>): Schedule {
  const s = defaultSchedule();
  s.week[1] = { ...s.week[1]!, ...change };
  return s;
}

describe('the default schedule', () => {
  it('opens 09:00–17:00 Monday to Friday, closed on the weekend, and is valid', () => {
    const week = defaultWeek();
    expect(week.map((d) => d.enabled)).toEqual([false, true, true, true, true, true, false]);
    expect(
      week.every((d, i) => d.day === i && d.start === '09:00' && d.end === '17:00' && d.breaks.length === 0),
    ).toBe(true);
    expect(issues(defaultSchedule())).toEqual([]);
  });
});

describe('schedule rules', () => {
  it('start before end', () => {
    expect(issues(withMonday({ start: '17:00', end: '09:00' }))).toEqual([
      'week.1.end: schedule-start-after-end',
    ]);
    expect(issues(withMonday({ start: '09:00', end: '09:00' }))).toEqual([
      'week.1.end: schedule-start-after-end',
    ]);
  });

  it('a disabled day keeps its hours unchecked', () => {
    expect(issues(withMonday({ enabled: false, start: '17:00', end: '09:00' }))).toEqual([]);
  });

  it('breaks within the hours, each starting before it ends', () => {
    expect(issues(withMonday({ breaks: [{ start: '08:30', end: '09:30' }] }))).toEqual([
      'week.1.breaks.0: schedule-break-outside-hours',
    ]);
    expect(issues(withMonday({ breaks: [{ start: '16:30', end: '17:30' }] }))).toEqual([
      'week.1.breaks.0: schedule-break-outside-hours',
    ]);
    expect(issues(withMonday({ breaks: [{ start: '13:00', end: '12:00' }] }))).toEqual([
      'week.1.breaks.0.end: schedule-break-start-after-end',
    ]);
    expect(
      issues(
        withMonday({
          breaks: [
            { start: '09:00', end: '09:15' },
            { start: '16:45', end: '17:00' },
          ],
        }),
      ),
    ).toEqual([]);
  });

  it('breaks do not overlap; one may start where another ends', () => {
    expect(
      issues(
        withMonday({
          breaks: [
            { start: '12:00', end: '13:00' },
            { start: '12:30', end: '13:30' },
          ],
        }),
      ),
    ).toEqual(['week.1.breaks.1: schedule-breaks-overlap']);
    // Listed out of order, the later-listed earlier break is fine and the other one overlaps.
    expect(
      issues(
        withMonday({
          breaks: [
            { start: '12:30', end: '13:30' },
            { start: '12:00', end: '13:00' },
          ],
        }),
      ),
    ).toEqual(['week.1.breaks.0: schedule-breaks-overlap']);
    // A break inside a longer one overlaps it.
    expect(
      issues(
        withMonday({
          breaks: [
            { start: '10:00', end: '15:00' },
            { start: '11:00', end: '12:00' },
            { start: '13:00', end: '14:00' },
          ],
        }),
      ),
    ).toEqual(['week.1.breaks.1: schedule-breaks-overlap', 'week.1.breaks.2: schedule-breaks-overlap']);
    expect(
      issues(
        withMonday({
          breaks: [
            { start: '12:00', end: '12:30' },
            { start: '12:30', end: '13:00' },
          ],
        }),
      ),
    ).toEqual([]);
  });

  it('times are HH:mm from 00:00 to 23:59', () => {
    expect(issues(withMonday({ end: '24:00' }))).toEqual(['week.1.end: time-invalid']);
    expect(issues(withMonday({ start: '9:00' }))).toEqual(['week.1.start: time-invalid']);
    expect(timeToMinutes('23:59')).toBe(1439);
  });

  it('seven days in order, 0 Sunday to 6 Saturday', () => {
    const s = defaultSchedule();
    expect(issues({ ...s, week: s.week.slice(0, 6) })).toHaveLength(1);
    expect(issues({ ...s, week: [s.week[1], s.week[0], ...s.week.slice(2)] })).toEqual([
      'week.0.day: day-out-of-order',
      'week.1.day: day-out-of-order',
    ]);
  });

  it('vacations end on or after their first day, on real dates', () => {
    const s = defaultSchedule();
    expect(issues({ ...s, vacations: [{ start: '2026-12-24', end: '2026-12-24' }] })).toEqual([]);
    expect(issues({ ...s, vacations: [{ start: '2026-12-24', end: '2026-12-23' }] })).toEqual([
      'vacations.0.end: vacation-end-before-start',
    ]);
    expect(issues({ ...s, vacations: [{ start: '2026-02-30', end: '2026-03-02' }] })).toEqual([
      'vacations.0.start: date-invalid',
    ]);
  });
});

describe('malformed input', () => {
  it('is refused with issues, never a thrown error', () => {
    const s = defaultSchedule();
    const bad = [
      { ...s, week: [] },
      { ...s, week: [{ ...s.week[0], breaks: [null, null] }, ...s.week.slice(1)] },
      { ...s, week: [{ ...s.week[0], start: 'eyJ', end: '👩‍👩‍👧' }, ...s.week.slice(1)] },
      { ...s, vacations: [{ start: '9999-99-99', end: 'constructor' }] },
      { ...s, vacations: [{ start: '0000-00-00', end: '2026-13-45' }, null] },
    ];
    for (const value of bad) expect(scheduleSchema.safeParse(value).success).toBe(false);
  });
});

describe('resolveTeamSchedule', () => {
  const organization: Schedule = {
    week: defaultWeek(),
    vacations: [{ start: '2026-12-24', end: '2026-12-26' }],
  };
  it('a team without its own schedule follows the organisation’s', () => {
    expect(resolveTeamSchedule(organization, null)).toEqual(organization);
  });
  it('a team with its own week keeps it; the organisation’s vacations add to the team’s', () => {
    const team: Schedule = {
      week: withMonday({ start: '08:00' }).week,
      vacations: [{ start: '2026-07-01', end: '2026-07-14' }],
    };
    const resolved = resolveTeamSchedule(organization, team);
    expect(resolved.week[1]!.start).toBe('08:00');
    expect(resolved.vacations).toEqual([...organization.vacations, ...team.vacations]);
  });
});

describe('schedule limits and formats, at their edges', () => {
  it('a day holds at most 10 breaks, a schedule at most 100 vacations, labelled in at most 100 characters', () => {
    const breaks = (n: number) =>
      Array.from({ length: n }, (_, k) => ({
        start: `${String(10 + k).padStart(2, '0')}:00`,
        end: `${String(10 + k).padStart(2, '0')}:30`,
      }));
    expect(SCHEDULE_BREAKS_MAX).toBe(10);
    expect(issues(withMonday({ end: '23:00', breaks: breaks(10) }))).toEqual([]);
    expect(issues(withMonday({ end: '23:00', breaks: breaks(11) }))).toHaveLength(1);
    const s = defaultSchedule();
    const vacation = { start: '2026-12-24', end: '2026-12-26' };
    expect(SCHEDULE_VACATIONS_MAX).toBe(100);
    expect(issues({ ...s, vacations: Array.from({ length: 100 }, () => vacation) })).toEqual([]);
    expect(issues({ ...s, vacations: Array.from({ length: 101 }, () => vacation) })).toHaveLength(1);
    expect(VACATION_LABEL_MAX_CHARS).toBe(100);
    expect(issues({ ...s, vacations: [{ ...vacation, label: 'x'.repeat(100) }] })).toEqual([]);
    expect(issues({ ...s, vacations: [{ ...vacation, label: 'x'.repeat(101) }] })).toHaveLength(1);
  });

  it('times are exactly HH:mm; dates exactly YYYY-MM-DD on the calendar', () => {
    for (const ok of ['00:00', '09:05', '19:59', '20:00', '23:59'])
      expect(timeOfDaySchema.safeParse(ok).success).toBe(true);
    for (const bad of ['24:00', '23:60', '9:00', '09:0', 'x09:00', '09:00x', '09-00', ''])
      expect(timeOfDaySchema.safeParse(bad).success).toBe(false);
    for (const ok of ['2026-01-01', '2024-02-29', '2026-12-31', '2026-10-10', '2026-11-20'])
      expect(calendarDateSchema.safeParse(ok).success).toBe(true);
    for (const bad of [
      '2026-02-29',
      '2026-00-10',
      '2026-13-01',
      '2026-01-00',
      '2026-01-32',
      'x2026-01-01',
      '2026-01-01x',
      '26-01-01',
      '',
    ])
      expect(calendarDateSchema.safeParse(bad).success).toBe(false);
    expect(timeToMinutes('00:00')).toBe(0);
    expect(timeToMinutes('10:07')).toBe(607);
  });

  it('reports one problem per overlapping break, whatever the order breaks starting together are listed in', () => {
    const monday = { ...defaultWeek()[1]! };
    const week = (breaks: { start: string; end: string }[]) =>
      weekProblems([{ ...monday, breaks }]).map((p) => p.path.join('.'));
    expect(
      week([
        { start: '12:00', end: '13:00' },
        { start: '12:00', end: '12:30' },
      ]),
    ).toEqual(['0.breaks.0']);
    expect(
      week([
        { start: '12:00', end: '12:30' },
        { start: '12:00', end: '13:00' },
      ]),
    ).toEqual(['0.breaks.1']);
    expect(
      vacationProblems([
        { start: '2026-01-02', end: '2026-01-01' },
        { start: '2026-01-01', end: '2026-01-01' },
      ]),
    ).toEqual([{ path: [0, 'end'], issue: 'vacation-end-before-start' }]);
  });
});

describe('issue messages of malformed times and dates', () => {
  it('a break that ends where it starts is refused; an impossible month is named date-invalid', () => {
    expect(issues(withMonday({ breaks: [{ start: '12:00', end: '12:00' }] }))).toEqual([
      'week.1.breaks.0.end: schedule-break-start-after-end',
    ]);
    const s = defaultSchedule();
    expect(new Set(issues({ ...s, vacations: [{ start: '2026-13-01', end: '2026-12-01' }] }))).toEqual(
      new Set(['vacations.0.start: date-invalid']),
    );
  });
});
