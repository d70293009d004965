import { describe, expect, it } from 'vitest';
import { SCHEDULED_MESSAGE_MIN_LEAD_MS } from './constants';
import { createScheduledMessageSchema, updateScheduledMessageSchema } from './contracts';
import { firstSendTooSoon, plannedSends, scheduledInstant, scheduledLookupAllowed } from './rules';

const iso = (d: Date) => d.toISOString();

describe('the instant of a date and time in the organisation’s time zone', () => {
  it('reads the wall clock of the zone, not of the server', () => {
    expect(iso(scheduledInstant('2030-01-07', '10:00', 'America/Toronto'))).toBe('2030-01-07T15:00:00.000Z');
    expect(iso(scheduledInstant('2030-01-07', '10:00', 'Europe/Paris'))).toBe('2030-01-07T09:00:00.000Z');
    expect(iso(scheduledInstant('2030-07-07', '10:00', 'America/Vancouver'))).toBe(
      '2030-07-07T17:00:00.000Z',
    );
  });

  it('sends a message without a time at the default opening, 09:00', () => {
    expect(iso(scheduledInstant('2030-01-07', null, 'America/Toronto'))).toBe('2030-01-07T14:00:00.000Z');
  });

  it('on the spring-forward day, before the gap, in the gap (one hour later) and after it', () => {
    // Toronto, Sunday 8 March 2026: 02:00 EST becomes 03:00 EDT.
    expect(iso(scheduledInstant('2026-03-08', '01:59', 'America/Toronto'))).toBe('2026-03-08T06:59:00.000Z');
    expect(iso(scheduledInstant('2026-03-08', '02:30', 'America/Toronto'))).toBe('2026-03-08T07:30:00.000Z');
    expect(iso(scheduledInstant('2026-03-08', '03:00', 'America/Toronto'))).toBe('2026-03-08T07:00:00.000Z');
    expect(iso(scheduledInstant('2026-03-08', '10:00', 'America/Toronto'))).toBe('2026-03-08T14:00:00.000Z');
  });

  it('on the fall-back day, the repeated hour is its first (daylight) occurrence', () => {
    // Toronto, Sunday 1 November 2026: 02:00 EDT becomes 01:00 EST.
    expect(iso(scheduledInstant('2026-11-01', '00:59', 'America/Toronto'))).toBe('2026-11-01T04:59:00.000Z');
    expect(iso(scheduledInstant('2026-11-01', '01:30', 'America/Toronto'))).toBe('2026-11-01T05:30:00.000Z');
    expect(iso(scheduledInstant('2026-11-01', '02:00', 'America/Toronto'))).toBe('2026-11-01T07:00:00.000Z');
  });

  it('Paris changes on another day than Toronto (last Sunday of March)', () => {
    expect(iso(scheduledInstant('2026-03-08', '10:00', 'Europe/Paris'))).toBe('2026-03-08T09:00:00.000Z');
    expect(iso(scheduledInstant('2026-03-29', '10:00', 'Europe/Paris'))).toBe('2026-03-29T08:00:00.000Z');
  });
});

describe('reminders', () => {
  it('are 1, 2 and 7 calendar days before, at the same wall-clock time, earliest first, then the message', () => {
    const sends = plannedSends(
      { date: '2030-01-10', time: '14:15', reminders: ['24h', '7d', '48h'] },
      'America/Toronto',
    );
    expect(sends.map((s) => [s.kind, iso(s.dueAt)])).toEqual([
      ['7d', '2030-01-03T19:15:00.000Z'],
      ['48h', '2030-01-08T19:15:00.000Z'],
      ['24h', '2030-01-09T19:15:00.000Z'],
      ['message', '2030-01-10T19:15:00.000Z'],
    ]);
  });

  it('keep the wall-clock time across a DST change (23 or 25 hours before)', () => {
    // Monday 9 March 2026 10:00 EDT; its 24 h reminder is Sunday 10:00 EDT, its 48 h Saturday 10:00 EST.
    const sends = plannedSends(
      { date: '2026-03-09', time: '10:00', reminders: ['24h', '48h'] },
      'America/Toronto',
    );
    expect(sends.map((s) => iso(s.dueAt))).toEqual([
      '2026-03-07T15:00:00.000Z',
      '2026-03-08T14:00:00.000Z',
      '2026-03-09T14:00:00.000Z',
    ]);
    // Monday 2 November 2026 10:00 EST; the day before 10:00 EST, two days before 10:00 EDT.
    const fall = plannedSends(
      { date: '2026-11-02', time: '10:00', reminders: ['24h', '48h'] },
      'America/Toronto',
    );
    expect(fall.map((s) => iso(s.dueAt))).toEqual([
      '2026-10-31T14:00:00.000Z',
      '2026-11-01T15:00:00.000Z',
      '2026-11-02T15:00:00.000Z',
    ]);
  });

  it('cross a month and a year', () => {
    const sends = plannedSends({ date: '2031-01-03', time: '08:00', reminders: ['7d'] }, 'America/Toronto');
    expect(iso(sends[0]!.dueAt)).toBe('2030-12-27T13:00:00.000Z');
  });
});

describe('the 5-minute rule', () => {
  const now = new Date('2030-01-07T15:00:00.000Z');
  it('accepts exactly 5 minutes ahead and refuses 4:59', () => {
    expect(SCHEDULED_MESSAGE_MIN_LEAD_MS).toBe(300_000);
    expect(firstSendTooSoon([{ kind: 'message', dueAt: new Date(now.getTime() + 300_000) }], now)).toBeNull();
    expect(firstSendTooSoon([{ kind: 'message', dueAt: new Date(now.getTime() + 299_999) }], now)?.kind).toBe(
      'message',
    );
    expect(firstSendTooSoon([{ kind: 'message', dueAt: new Date(now.getTime() - 60_000) }], now)?.kind).toBe(
      'message',
    );
  });

  it('applies to each reminder too: a reminder already past is refused', () => {
    // Now is 10:00 in Toronto; the message is tomorrow 10:10: its 24 h reminder is in 10 minutes, its 48 h one was yesterday.
    const sends = plannedSends(
      { date: '2030-01-08', time: '10:10', reminders: ['24h', '48h'] },
      'America/Toronto',
    );
    expect(firstSendTooSoon(sends, now)?.kind).toBe('48h');
    expect(
      firstSendTooSoon(
        sends.filter((s) => s.kind !== '48h'),
        now,
      ),
    ).toBeNull();
  });
});

describe('validation of the requests', () => {
  const base = {
    title: 'Rappel',
    message: 'Votre rendez-vous',
    date: '2030-01-07',
    conversationId: '00000000-0000-4000-8000-000000000001',
  };
  it('requires a title and a message that are not only whitespace', () => {
    expect(createScheduledMessageSchema.safeParse(base).success).toBe(true);
    expect(createScheduledMessageSchema.safeParse({ ...base, title: '   ' }).success).toBe(false);
    expect(createScheduledMessageSchema.safeParse({ ...base, message: '' }).success).toBe(false);
  });
  it('takes a date YYYY-MM-DD and an optional time HH:mm', () => {
    expect(createScheduledMessageSchema.safeParse({ ...base, time: '23:59' }).success).toBe(true);
    expect(createScheduledMessageSchema.safeParse({ ...base, time: '24:00' }).success).toBe(false);
    expect(createScheduledMessageSchema.safeParse({ ...base, time: '9:00' }).success).toBe(false);
    expect(createScheduledMessageSchema.safeParse({ ...base, date: '07/01/2030' }).success).toBe(false);
    expect(createScheduledMessageSchema.safeParse({ ...base, date: '2030-02-30' }).success).toBe(false);
  });
  it('goes to a conversation or to a number, exactly one', () => {
    const { conversationId: _omit, ...noTarget } = base;
    expect(createScheduledMessageSchema.safeParse(noTarget).success).toBe(false);
    expect(
      createScheduledMessageSchema.safeParse({ ...noTarget, toPhoneNumber: '514 555 0101' }).success,
    ).toBe(true);
    expect(createScheduledMessageSchema.safeParse({ ...base, toPhoneNumber: '514 555 0101' }).success).toBe(
      false,
    );
    expect(updateScheduledMessageSchema.safeParse({ ...noTarget, reminders: ['24h', 'never'] }).success).toBe(
      false,
    );
  });
});

it('does not look up the scheduled messages of emergency or anonymous numbers', () => {
  expect(scheduledLookupAllowed('+15145550101')).toBe(true);
  for (const n of ['+1911', '911', '+1933', '933', 'anonymous', 'Restricted'])
    expect(scheduledLookupAllowed(n)).toBe(false);
});
