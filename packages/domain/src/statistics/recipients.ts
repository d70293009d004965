import { z } from 'zod';

/** An e-mail address is at most this long (RFC 5321's path limit). */
export const STATISTICS_RECIPIENT_EMAIL_MAX_CHARS = 254;

/**
 * A recipient of the weekly statistics report (organisation-setup-content.md §3 "Statistics
 * recipient"): an e-mail address, unique in the organisation's list (§5). `createdAt`: ISO 8601.
 */
export const statisticsRecipientSchema = z.object({
  id: z.uuid(),
  email: z.email(),
  createdAt: z.iso.datetime(),
});
export type StatisticsRecipient = z.infer<typeof statisticsRecipientSchema>;

/**
 * The body adding a recipient: a standard address (`email-invalid`), trimmed and lower-cased
 * (addresses differing only by case are the same recipient, so the uniqueness rule compares them so).
 */
export const statisticsRecipientRequestSchema = z.strictObject({
  email: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.email('email-invalid').max(STATISTICS_RECIPIENT_EMAIL_MAX_CHARS)),
});
export type StatisticsRecipientRequest = z.infer<typeof statisticsRecipientRequestSchema>;

/** The path of one recipient. */
export const statisticsRecipientParamsSchema = z.strictObject({ id: z.uuid() });
