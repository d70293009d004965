import { z } from 'zod';

/**
 * GET /api/config answer: what the web app needs before sign-in (carrier in use, version) and the
 * support line the help menu calls (`supportPhoneNumber`, E.164; null when none is configured).
 */
export const publicConfigSchema = z.object({
  messagingCarrier: z.enum(['sandbox', 'twilio']),
  version: z.string(),
  supportPhoneNumber: z.string().nullable(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
