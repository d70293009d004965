import type { BuiltCarrier, CarrierHost } from '../../carrier-slot';
import type { MessagingCarrier } from '../messaging-carrier';
import { TWILIO_WEBHOOK_PATHS } from './twilio-constants';
import { createTwilioMessagingCarrier } from './twilio-messaging-carrier';
import { twilioWebhookRoutes } from './twilio-webhooks.routes';

/**
 * Builds the Twilio messaging carrier (`MESSAGING_CARRIER=twilio`, loaded by
 * `twilioMessagingVendor` in `carriers/twilio-vendors.ts`) from the configuration it is given
 * (account SID, auth token, `PUBLIC_URL`; status callbacks go to `PUBLIC_URL` +
 * `TWILIO_WEBHOOK_PATHS.messageStatus`), with its two webhooks, which hand what they receive to
 * `host.inbox`.
 * @throws Error when one of the three is missing (config validation prevents it).
 */
export function buildTwilioMessaging({ config, inbox }: CarrierHost): BuiltCarrier<MessagingCarrier> {
  const { TWILIO_ACCOUNT_SID: accountSid, TWILIO_AUTH_TOKEN: authToken, PUBLIC_URL: publicUrl } = config;
  if (!accountSid || !authToken || !publicUrl) {
    throw new Error('MESSAGING_CARRIER=twilio needs TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and PUBLIC_URL');
  }
  const carrier = createTwilioMessagingCarrier({
    accountSid,
    authToken,
    publicUrl,
    statusCallbackUrl: `${publicUrl.replace(/\/+$/, '')}${TWILIO_WEBHOOK_PATHS.messageStatus}`,
    apiBaseUrl: config.TWILIO_API_BASE_URL,
    sendsPerSecondPerNumber: config.TWILIO_SENDS_PER_SECOND_PER_NUMBER,
  });
  return { carrier, routes: (app) => twilioWebhookRoutes(app, carrier, inbox) };
}
