import type { CarrierVendor } from '../../carrier-slot';
import type { EmailChannelCarrier } from '../email-channel-carrier';
import { createSandboxChannelCarrier, SANDBOX_CHANNEL_CARRIER_NAME } from './sandbox-channel-carrier';

/** The e-mail channel's sandbox vendor (`EMAIL_CHANNEL_CARRIER=sandbox`): the sandbox mailbox the sandbox module gives it. */
export const sandboxChannelVendor: CarrierVendor<EmailChannelCarrier> = {
  name: SANDBOX_CHANNEL_CARRIER_NAME,
  create(host) {
    return { carrier: createSandboxChannelCarrier({ store: host.sandbox.mailStore }) };
  },
};
