import { z } from 'zod';

/** GET /api/config answer: what the web app needs before sign-in (carrier in use, version). */
export const publicConfigSchema = z.object({
  messagingCarrier: z.enum(['sandbox', 'twilio']),
  version: z.string(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
