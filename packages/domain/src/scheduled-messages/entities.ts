import { z } from 'zod';
import { SCHEDULED_REMINDERS } from './constants';

/** A calendar date as the API writes it: `YYYY-MM-DD`. */
export const scheduledDateSchema = z.iso.date();
/** A wall-clock time `HH:mm` (00:00–23:59). */
export const scheduledTimeSchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'HH:mm');
/** One reminder: `24h`, `48h` or `7d` before the planned time. */
export const scheduledReminderSchema = z.enum(SCHEDULED_REMINDERS);
export type ScheduledReminder = z.infer<typeof scheduledReminderSchema>;

/**
 * A scheduled message's state (docs/behaviour/scheduled-messages.md): `not-scheduled` (being
 * written, never stored) → `scheduled` → `sent` | `failed` (the planned send failed for good;
 * the web says 'Échec de l'envoi du message' with the carrier's reason).
 */
export const SCHEDULED_MESSAGE_STATES = ['not-scheduled', 'scheduled', 'sent', 'failed'] as const;
export const scheduledMessageStateSchema = z.enum(SCHEDULED_MESSAGE_STATES);
export type ScheduledMessageState = z.infer<typeof scheduledMessageStateSchema>;

/** What one send (the message itself or one reminder) is: waiting, being handed over, sent, failed. */
export const SCHEDULED_SEND_STATES = ['scheduled', 'sending', 'sent', 'failed'] as const;
export const scheduledSendStateSchema = z.enum(SCHEDULED_SEND_STATES);
export type ScheduledSendState = z.infer<typeof scheduledSendStateSchema>;

/** Which send: the message at its planned time, or one of its reminders. */
export const scheduledSendKindSchema = z.enum(['message', ...SCHEDULED_REMINDERS]);
export type ScheduledSendKind = z.infer<typeof scheduledSendKindSchema>;

/**
 * One send of a scheduled message. `dueAt` is an instant (ISO, UTC); `messageId` the text it
 * became in the conversation; `errorCode` why it failed (the carrier's code, or an error code).
 */
export const scheduledSendSchema = z.object({
  kind: scheduledSendKindSchema,
  dueAt: z.iso.datetime(),
  state: scheduledSendStateSchema,
  attempts: z.number().int().min(0),
  messageId: z.uuid().nullable(),
  errorCode: z.string().nullable(),
});
export type ScheduledSend = z.infer<typeof scheduledSendSchema>;

/**
 * A scheduled message: `date` and `time` are wall-clock in the organisation's `timeZone`;
 * `scheduledAt` the instant they make (ISO, UTC); `toPhoneNumber` E.164; `conversationId` the
 * conversation it goes to (null until the first send when it was scheduled from a contact).
 */
export const scheduledMessageSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  message: z.string(),
  date: scheduledDateSchema,
  time: scheduledTimeSchema.nullable(),
  timeZone: z.string(),
  scheduledAt: z.iso.datetime(),
  toPhoneNumber: z.string(),
  teamId: z.uuid(),
  conversationId: z.uuid().nullable(),
  reminders: z.array(scheduledReminderSchema),
  state: scheduledMessageStateSchema,
  errorCode: z.string().nullable(),
  sends: z.array(scheduledSendSchema),
  createdBy: z.object({ id: z.uuid().nullable(), name: z.string() }),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type ScheduledMessage = z.infer<typeof scheduledMessageSchema>;
