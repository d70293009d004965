import type { CarrierVendor } from '../../carrier-slot';
import type { MessagingCarrier } from '../messaging-carrier';
import { TWILIO_CARRIER_NAME, TWILIO_WEBHOOK_PATHS } from './twilio-constants';
import { createTwilioMessagingCarrier } from './twilio-messaging-carrier';
import { twilioWebhookRoutes } from './twilio-webhooks.routes';

/**
 * The Twilio messaging vendor (`MESSAGING_CARRIER=twilio`): the carrier, built from the
 * configuration it is given (account SID, auth token, `PUBLIC_URL`; status callbacks go to
 * `PUBLIC_URL` + `TWILIO_WEBHOOK_PATHS.messageStatus`), and its two webhooks, which hand
 * what they receive to `host.inbox`.
 * @throws Error from `create` when one of the three is missing (config validation prevents it).
 */
export const twilioMessagingVendor: CarrierVendor<MessagingCarrier> = {
  name: TWILIO_CARRIER_NAME,
  create({ config, inbox }) {
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
  },
};
