import { AppError } from '@accueil/domain';
import formbody from '@fastify/formbody';
import type { FastifyRequest } from 'fastify';
import twilio from 'twilio';
import { z } from 'zod';
import type { AppInstance } from '../../../http/types';
import type { CarrierInbox } from '../messaging-carrier';
import { TWILIO_WEBHOOK_PATHS } from './twilio-constants';
import type { TwilioMessagingCarrier } from './twilio-messaging-carrier';
import { formParams } from './twilio-signature';

/** Twilio posts `application/x-www-form-urlencoded`; it adds parameters without notice. */
const twilioForm = z.record(z.string(), z.union([z.string(), z.array(z.string())]));
const tags = ['webhooks'];

/** An empty TwiML answer: the text is taken, no automatic reply. */
const EMPTY_TWIML = new twilio.twiml.MessagingResponse().toString();
/** The answer to an incoming text as the API description shows it (sent as text/xml, not serialised). */
const twimlAnswer = z.string().describe('TwiML (empty <Response/>: no automatic reply)');

/**
 * Twilio's two webhooks (registered only with the Twilio carrier), in their own scope where
 * form bodies are accepted: elsewhere they answer 415. Twilio posts nothing else, so here JSON
 * answers 415 too (the same signed fields as JSON are no webhook). Each checks
 * `X-Twilio-Signature` (`carrier.verifyWebhook`) before the body is validated or anything
 * written (403 `signature-invalid`), and answers only after `inbox` committed the change
 * (Twilio retries only when the connection fails).
 */
export async function twilioWebhookRoutes(
  app: AppInstance,
  carrier: TwilioMessagingCarrier,
  inbox: CarrierInbox,
): Promise<void> {
  await app.register(async (scope: AppInstance) => {
    scope.removeContentTypeParser('application/json');
    await scope.register(formbody);
    registerWebhooks(scope, carrier, inbox);
  });
}

function registerWebhooks(app: AppInstance, carrier: TwilioMessagingCarrier, inbox: CarrierInbox): void {
  // Runs before the body is validated (route-access.ts); a throw answers the AppError (403) and runs no handler.
  const access = {
    webhook: 'twilio',
    verify: (request: FastifyRequest) => carrier.verifyWebhook(request),
  } as const;

  app.post(
    TWILIO_WEBHOOK_PATHS.messaging,
    {
      config: { access },
      schema: {
        tags,
        summary: 'Twilio incoming message (answers empty TwiML)',
        body: twilioForm,
        produces: ['text/xml'],
        response: { 200: twimlAnswer },
      },
    },
    async (request, reply) => {
      const text = carrier.parseInbound(formParams(request.body));
      try {
        const { duplicate } = await inbox.recordInboundText(text);
        if (duplicate)
          request.log.info(
            { messageSid: text.carrierMessageId },
            'twilio inbound: retry of a stored text, nothing written',
          );
      } catch (error) {
        if (!(error instanceof AppError && error.code === 'not-found')) throw error;
        // Acknowledged anyway: a retry cannot help, and an error would only send Twilio to the fallback URL.
        request.log.warn(
          { messageSid: text.carrierMessageId, to: text.to },
          'twilio inbound: no team has this number, text dropped',
        );
      }
      return reply.code(200).type('text/xml').send(EMPTY_TWIML);
    },
  );

  app.post(
    TWILIO_WEBHOOK_PATHS.messageStatus,
    {
      config: { access },
      schema: {
        tags,
        summary: 'Twilio message status callback',
        body: twilioForm,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      // `?messageId=` is ours (set on the send, covered by the signature): it finds a text whose
      // send answer was lost, so it has no MessageSid yet.
      const { messageId } = (request.query ?? {}) as { messageId?: unknown };
      // Stryker disable next-line ConditionalExpression: the only other value is a repeated ?messageId= (a list), which applyCarrierStatus's UUID check refuses as it does undefined
      const update = carrier.parseStatus(
        formParams(request.body),
        typeof messageId === 'string' ? messageId : undefined,
      );
      if (update) await inbox.applyCarrierStatus(update);
      return reply.code(204).send(null);
    },
  );
}
