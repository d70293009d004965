import { assertUnreachable } from '@accueil/domain';
import type { Config } from '../../config';
import type { CarrierStatusUpdate, MessagingCarrier } from './messaging-carrier';
import { createSandboxMessagingCarrier, type CarrierLogger } from './sandbox/sandbox-messaging-carrier';
import type { SandboxNetwork } from './sandbox/sandbox-network';
import { createTwilioMessagingCarrier, TWILIO_WEBHOOK_PATHS } from './twilio/twilio-messaging-carrier';

export type { SandboxNetwork } from './sandbox/sandbox-network';
export { SANDBOX_CARRIER_NAME } from './sandbox/sandbox-messaging-carrier';
export { TWILIO_CARRIER_NAME, TWILIO_WEBHOOK_PATHS } from './twilio/twilio-messaging-carrier';

/**
 * What the running app gives the messaging carrier (built by `buildApp`):
 * - `sandboxNetwork`: the simulated phones (`createSandboxNetwork` of the sandbox module);
 *   used by the sandbox carrier only;
 * - `onStatus`: a delivery status reported outside a webhook (the sandbox's `delivered`),
 *   normally `(u) => applyCarrierStatus(deps, u)`; Twilio's arrive on its webhook instead;
 * - `log`: where a failed status report is logged.
 */
export type MessagingCarrierHooks = {
  sandboxNetwork: SandboxNetwork;
  onStatus: (update: CarrierStatusUpdate) => Promise<void>;
  log?: CarrierLogger;
};

/**
 * Picks the messaging carrier named by `config.MESSAGING_CARRIER` (DESIGN.md "carriers").
 * Twilio's status callbacks go to `PUBLIC_URL` + `TWILIO_WEBHOOK_PATHS.messageStatus`.
 * @throws Error when Twilio is chosen without its credentials (config validation prevents it).
 */
export function createMessagingCarrier(config: Config, hooks: MessagingCarrierHooks): MessagingCarrier {
  const carrier = config.MESSAGING_CARRIER;
  switch (carrier) {
    case 'sandbox':
      return createSandboxMessagingCarrier({ network: hooks.sandboxNetwork, onStatus: hooks.onStatus, log: hooks.log });
    case 'twilio': {
      const { TWILIO_ACCOUNT_SID: accountSid, TWILIO_AUTH_TOKEN: authToken, PUBLIC_URL: publicUrl } = config;
      if (!accountSid || !authToken || !publicUrl) {
        throw new Error('MESSAGING_CARRIER=twilio needs TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and PUBLIC_URL');
      }
      return createTwilioMessagingCarrier({
        accountSid,
        authToken,
        publicUrl,
        statusCallbackUrl: `${publicUrl.replace(/\/+$/, '')}${TWILIO_WEBHOOK_PATHS.messageStatus}`,
        apiBaseUrl: config.TWILIO_API_BASE_URL,
      });
    }
    default:
      return assertUnreachable(carrier);
  }
}
