/** A scheduled message's planned time is at least this far ahead when it is saved (ms): 5 minutes. */
export const SCHEDULED_MESSAGE_MIN_LEAD_MS = 5 * 60_000;

/**
 * The reminders a scheduled message may ask for, each an extra send of the same text before the
 * planned time: `24h`, `48h` and `7d` are 1, 2 and 7 days before, at the same wall-clock time in
 * the organisation's time zone (so a reminder across a DST change stays at the planned hour).
 */
export const SCHEDULED_REMINDERS = ['24h', '48h', '7d'] as const;

/** Days before the planned time of each reminder (calendar days in the organisation's time zone). */
export const SCHEDULED_REMINDER_DAYS = { '24h': 1, '48h': 2, '7d': 7 } as const;

/** The time a scheduled message without one is sent at (HH:mm, organisation's time zone): the default opening. */
export const SCHEDULED_MESSAGE_DEFAULT_TIME = '09:00';

/** Longest title (characters). */
export const SCHEDULED_TITLE_MAX_CHARS = 120;

/**
 * Runs of one send at most (the first and 3 retries, 30 s, 60 s then 120 s apart); a send
 * still failing after the last is `failed` with the last reason.
 */
export const SCHEDULED_SEND_MAX_ATTEMPTS = 4;

/** The scheduled messages listed at most in one answer. */
export const SCHEDULED_MESSAGE_LIST_MAX = 500;
