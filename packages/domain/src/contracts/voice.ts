import { z } from 'zod';

/** How long a voice access token lives (seconds); the voice device refreshes it before it ends. */
export const VOICE_TOKEN_TTL_SECONDS = 3600;

/**
 * GET /api/voice/v1/tokens and /tokens/refresh: an access token for the browser's voice device.
 * `jwt` is the vendor's token (Twilio: an AccessToken with a voice grant; the sandbox: the app's
 * own), `identity` the name the device registers under (the user's id), `carrier` which device
 * the web must start.
 */
export const voiceTokenSchema = z.object({
  jwt: z.string(),
  identity: z.string(),
  carrier: z.enum(['sandbox', 'twilio']),
  expiresAt: z.iso.datetime(),
});
export type VoiceToken = z.infer<typeof voiceTokenSchema>;
