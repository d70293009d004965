import { AppError } from '@accueil/domain';
import type { FastifyRequest } from 'fastify';
import twilio from 'twilio';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { TWILIO_WEBHOOK_PATHS } from '../../carriers/messaging/index';
import type { AppInstance } from '../../http/types';
import { applyCarrierStatus, recordInboundText } from '../conversations/conversations.service';
import { assertTwilioSignature, formParams } from './twilio-signature';
import { parseInboundText, parseStatusCallback } from './twilio-params';

/** Twilio posts `application/x-www-form-urlencoded`; it adds parameters without notice. */
const twilioForm = z.record(z.string(), z.union([z.string(), z.array(z.string())]));
const tags = ['webhooks'];

/** An empty TwiML answer: the text is taken, no automatic reply. */
const EMPTY_TWIML = new twilio.twiml.MessagingResponse().toString();

/**
 * Issue 2 §6 Twilio webhooks (registered only when `MESSAGING_CARRIER=twilio`, inside the
 * scope where `buildApp` accepts form bodies). Each checks `X-Twilio-Signature` before the
 * body is validated or anything written (403 `signature-invalid`), and answers only after
 * the change is committed (Twilio retries only when the connection fails).
 */
export function twilioWebhookRoutes(app: AppInstance, deps: AppDeps): Promise<void> {
  const { TWILIO_AUTH_TOKEN: authToken, PUBLIC_URL: publicUrl } = deps.config;
  if (!authToken || !publicUrl) throw new Error('Twilio webhooks need TWILIO_AUTH_TOKEN and PUBLIC_URL');
  // A throw inside the executor rejects: Fastify answers the AppError (403) and runs no handler.
  const checkSignature = (request: FastifyRequest) =>
    new Promise<void>((resolve) => {
      assertTwilioSignature(request, { authToken, publicUrl });
      resolve();
    });

  app.post(
    TWILIO_WEBHOOK_PATHS.messaging,
    {
      config: { access: { webhook: 'twilio' } },
      preValidation: checkSignature,
      schema: { tags, summary: 'Twilio incoming message (answers empty TwiML)', body: twilioForm },
    },
    async (request, reply) => {
      const text = parseInboundText(formParams(request.body));
      try {
        const { duplicate } = await recordInboundText(deps, text);
        if (duplicate) request.log.info({ messageSid: text.carrierMessageId }, 'twilio inbound: retry of a stored text, nothing written');
      } catch (error) {
        if (!(error instanceof AppError && error.code === 'not-found')) throw error;
        // Acknowledged anyway: a retry cannot help, and an error would only send Twilio to the fallback URL.
        request.log.warn({ messageSid: text.carrierMessageId, to: text.to }, 'twilio inbound: no team has this number, text dropped');
      }
      return reply.code(200).type('text/xml').send(EMPTY_TWIML);
    },
  );

  app.post(
    TWILIO_WEBHOOK_PATHS.messageStatus,
    {
      config: { access: { webhook: 'twilio' } },
      preValidation: checkSignature,
      schema: { tags, summary: 'Twilio message status callback', body: twilioForm },
    },
    async (request, reply) => {
      const update = parseStatusCallback(formParams(request.body));
      // `?messageId=` is ours (set on the send, covered by the signature): it finds a text whose
      // send answer was lost, so it has no MessageSid yet.
      const { messageId } = (request.query ?? {}) as { messageId?: unknown };
      if (update) await applyCarrierStatus(deps, typeof messageId === 'string' ? { ...update, messageId } : update);
      return reply.code(204).send();
    },
  );
  return Promise.resolve();
}
