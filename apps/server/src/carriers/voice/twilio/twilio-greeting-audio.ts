import { createHmac, timingSafeEqual } from 'node:crypto';
import { AppError } from '@accueil/domain';
import type { FastifyRequest } from 'fastify';

/** The path of a greeting's audio for Twilio's `<Play>` (Fastify's parameters). */
export const TWILIO_GREETING_AUDIO_PATH =
  '/api/webhooks/twilio/voice/greeting-audio/:organizationId/:greetingId';

/**
 * Signs the addresses of the organisations' greeting audio that Twilio's `<Play>` fetches
 * (docs/behaviour/calls.md, "Phones settings"): Twilio fetches media without signing its request,
 * so the address carries its own proof — an HMAC-SHA256 of the organisation and greeting ids
 * under a key derived from the account's auth token for this use only. Without it (or with
 * another greeting's), the route answers 403 before reading anything.
 */
export function greetingAudioSigner(authToken: string, publicUrl: string) {
  const key = createHmac('sha256', authToken).update('accueil twilio greeting audio').digest();
  const sign = (organizationId: string, greetingId: string) =>
    createHmac('sha256', key).update(`${organizationId}:${greetingId}`).digest('base64url');
  const base = publicUrl.replace(/\/+$/, '');
  return {
    /** The absolute, signed address of a greeting's audio. */
    url: (organizationId: string, greetingId: string) =>
      `${base}/api/webhooks/twilio/voice/greeting-audio/${organizationId}/${greetingId}?signature=${sign(organizationId, greetingId)}`,
    /** @throws AppError `signature-invalid` when the request's signature is not the greeting's. */
    verify(request: FastifyRequest): void {
      const { organizationId = '', greetingId = '' } = request.params as Record<string, string | undefined>;
      const signature = (request.query as Record<string, unknown>).signature;
      const given = Buffer.from(typeof signature === 'string' ? signature : '');
      const expected = Buffer.from(sign(organizationId, greetingId));
      if (given.length !== expected.length || !timingSafeEqual(given, expected))
        throw new AppError('signature-invalid', 'The greeting address is not signed');
    },
  };
}
