/** The agenda's business constants, with their units. */

/** Shortest appointment (minutes). */
export const APPOINTMENT_DURATION_MIN_MINUTES = 5;
/** Longest appointment (minutes): one working day. */
export const APPOINTMENT_DURATION_MAX_MINUTES = 12 * 60;
/** Durations the appointment form offers (minutes). */
export const APPOINTMENT_DURATION_CHOICES_MINUTES = [15, 30, 45, 60, 90, 120] as const;
/** Longest span one agenda read may cover (days): a month view with its leading and trailing weeks. */
export const AGENDA_RANGE_MAX_DAYS = 62;
/** Longest label, service, name (characters). */
export const AGENDA_TEXT_MAX_CHARS = 200;
/** Longest requests or notes of an appointment (characters). */
export const AGENDA_NOTE_MAX_CHARS = 4000;
/** Most time ranges in one availability category. */
export const AVAILABILITY_RANGES_MAX = 50;
/** A colour is written `#rrggbb`. */
export const AGENDA_COLOUR_PATTERN = /^#[0-9a-fA-F]{6}$/;
