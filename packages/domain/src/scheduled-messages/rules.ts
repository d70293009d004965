import { TZDate } from '@date-fns/tz';
import { isAnonymousNumber, isEmergencyNumber } from '../validators/phone';
import {
  SCHEDULED_MESSAGE_DEFAULT_TIME,
  SCHEDULED_MESSAGE_MIN_LEAD_MS,
  SCHEDULED_REMINDER_DAYS,
  SCHEDULED_REMINDERS,
} from './constants';
import type { ScheduledReminder, ScheduledSendKind } from './entities';

/**
 * The instant of a wall-clock `date` (`YYYY-MM-DD`) and `time` (`HH:mm`; the default opening
 * time when null) in the IANA `timeZone`, shifted back by `daysBefore` calendar days (a
 * reminder keeps the wall-clock time across a DST change). A wall time the spring-forward gap
 * skips is taken one hour later (02:30 → 03:30); one the fall-back hour repeats is its first
 * occurrence (the daylight-saving one).
 */
export function scheduledInstant(
  date: string,
  time: string | null | undefined,
  timeZone: string,
  daysBefore = 0,
): Date {
  const [y, m, d] = date.split('-').map(Number);
  const [hh, mm] = (time ?? SCHEDULED_MESSAGE_DEFAULT_TIME).split(':').map(Number);
  return new Date(new TZDate(y!, m! - 1, d! - daysBefore, hh!, mm!, timeZone).getTime());
}

/** One planned send: the message or a reminder, and its instant. */
export type PlannedSend = { kind: ScheduledSendKind; dueAt: Date };

/**
 * Every send a scheduled message plans: each reminder (earliest first), then the message at
 * its planned time. Reminders are deduplicated and kept in the order 7d, 48h, 24h.
 */
export function plannedSends(
  input: { date: string; time?: string | null; reminders: readonly ScheduledReminder[] },
  timeZone: string,
): PlannedSend[] {
  const reminders = [...SCHEDULED_REMINDERS].reverse().filter((r) => input.reminders.includes(r));
  return [
    ...reminders.map((r) => ({
      kind: r,
      dueAt: scheduledInstant(input.date, input.time, timeZone, SCHEDULED_REMINDER_DAYS[r]),
    })),
    { kind: 'message' as const, dueAt: scheduledInstant(input.date, input.time, timeZone) },
  ];
}

/**
 * The first planned send less than `SCHEDULED_MESSAGE_MIN_LEAD_MS` (5 minutes) after `now`, or
 * null when every one is far enough ahead: a scheduled message and each of its reminders must
 * be at least 5 minutes in the future when saved.
 */
export function firstSendTooSoon(sends: readonly PlannedSend[], now: Date): PlannedSend | null {
  return sends.find((s) => s.dueAt.getTime() - now.getTime() < SCHEDULED_MESSAGE_MIN_LEAD_MS) ?? null;
}

/** Whether a number's scheduled messages are looked up: never for an emergency or anonymous number. */
export function scheduledLookupAllowed(phone: string): boolean {
  return !isEmergencyNumber(phone) && !isAnonymousNumber(phone);
}
