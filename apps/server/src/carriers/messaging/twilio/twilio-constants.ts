/** Carrier name stored with every Twilio message. */
export const TWILIO_CARRIER_NAME = 'twilio';

/** Paths of the two webhooks Twilio calls (set them in the console after PUBLIC_URL). */
export const TWILIO_WEBHOOK_PATHS = {
  messaging: '/api/webhooks/twilio/messaging',
  messageStatus: '/api/webhooks/twilio/message-status',
} as const;
