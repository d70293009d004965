import type { CarrierVendor } from './carrier-slot';
import { TWILIO_CARRIER_NAME } from './messaging/twilio/twilio-constants';
import type { MessagingCarrier } from './messaging/messaging-carrier';
import type { VoiceCarrier } from './voice/voice-carrier';

/**
 * The Twilio vendors as the carrier registry lists them. The twilio library holds 7 MB of a
 * server's heap (measured 2026-12-01, Node 24): a server that does not name Twilio (the
 * sandbox, the default) never loads it, nor the Twilio carriers' modules; one that does loads
 * them once, while it is built (`createCarriers`), before it answers anything. A smaller heap is
 * less for every full garbage collection to mark (docs/behaviour/attachments.md, «Memory»).
 */
export const twilioMessagingVendor: CarrierVendor<MessagingCarrier> = {
  name: TWILIO_CARRIER_NAME,
  async create(host) {
    const { buildTwilioMessaging } = await import('./messaging/twilio/twilio-vendor');
    return buildTwilioMessaging(host);
  },
};

/** The Twilio voice vendor (`VOICE_CARRIER=twilio`), loaded as the messaging one is. */
export const twilioVoiceVendor: CarrierVendor<VoiceCarrier> = {
  name: TWILIO_CARRIER_NAME,
  async create(host) {
    const { buildTwilioVoice } = await import('./voice/twilio/twilio-voice-carrier');
    return buildTwilioVoice(host);
  },
};
