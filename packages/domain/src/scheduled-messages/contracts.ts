import { z } from 'zod';
import { MESSAGE_BODY_MAX_CHARS } from '../constants';
import { SCHEDULED_TITLE_MAX_CHARS } from './constants';
import {
  scheduledDateSchema,
  scheduledMessageSchema,
  scheduledReminderSchema,
  scheduledTimeSchema,
} from './entities';

/** Title and message: required, not only whitespace (trimmed). */
const scheduledFields = {
  title: z.string().trim().min(1).max(SCHEDULED_TITLE_MAX_CHARS),
  message: z.string().trim().min(1).max(MESSAGE_BODY_MAX_CHARS),
  date: scheduledDateSchema,
  time: scheduledTimeSchema.nullish(),
  reminders: z.array(scheduledReminderSchema).max(3).default([]),
};

/**
 * PUT /api/scheduled-messages/:id: the whole editable part (where it goes does not change).
 * The server also refuses a planned time (or a reminder) less than 5 minutes ahead
 * (`scheduled-too-soon`).
 */
export const updateScheduledMessageSchema = z.strictObject(scheduledFields);
export type UpdateScheduledMessageRequest = z.input<typeof updateScheduledMessageSchema>;

/**
 * POST /api/scheduled-messages: from the composer (`conversationId`) or from a contact
 * (`toPhoneNumber`, sent from the current team's number) — exactly one of the two.
 */
export const createScheduledMessageSchema = z
  .strictObject({
    ...scheduledFields,
    conversationId: z.uuid().optional(),
    toPhoneNumber: z.string().trim().min(1).max(40).optional(),
  })
  .refine((v) => (v.conversationId === undefined) !== (v.toPhoneNumber === undefined), {
    message: 'Give either conversationId or toPhoneNumber',
    path: ['conversationId'],
  });
export type CreateScheduledMessageRequest = z.input<typeof createScheduledMessageSchema>;

/** GET /api/scheduled-messages: the current team's, optionally of one conversation or state. */
export const listScheduledMessagesQuerySchema = z.strictObject({
  conversationId: z.uuid().optional(),
  state: z.enum(['scheduled', 'sent', 'failed']).optional(),
});

/** Path parameter `:id`. */
export const scheduledMessageIdParamsSchema = z.strictObject({ id: z.uuid() });
/** Path parameter `:phone` (as typed or E.164). */
export const scheduledMessagePhoneParamsSchema = z.strictObject({ phone: z.string().min(1).max(40) });

/** A list answer. */
export const scheduledMessageListSchema = z.object({ items: z.array(scheduledMessageSchema) });
