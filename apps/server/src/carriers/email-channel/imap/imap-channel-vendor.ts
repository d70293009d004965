import type { CarrierVendor } from '../../carrier-slot';
import type { EmailChannelCarrier } from '../email-channel-carrier';
import { createImapChannelCarrier, IMAP_CHANNEL_CARRIER_NAME } from './imap-channel-carrier';

/** The e-mail channel's IMAP + SMTP vendor (`EMAIL_CHANNEL_CARRIER=imap`): each team's servers come with its mailbox. */
export const imapChannelVendor: CarrierVendor<EmailChannelCarrier> = {
  name: IMAP_CHANNEL_CARRIER_NAME,
  create() {
    return { carrier: createImapChannelCarrier() };
  },
};
