import { AppError, type Media } from '@accueil/domain';
import type { CarrierStatusUpdate, InboundText, WebhookParams as TwilioParams } from '../messaging-carrier';
import { TWILIO_CARRIER_NAME } from './twilio-constants';

/** Twilio sends at most 10 media per MMS. */
const TWILIO_MAX_MEDIA = 10;

/**
 * One parameter's value (the first when repeated). NUL (U+0000) becomes U+FFFD: PostgreSQL
 * text cannot hold it, and refusing a signed webhook would lose the patient's text.
 */
export function one(params: TwilioParams, name: string): string | undefined {
  const raw = params[name];
  const value = Array.isArray(raw) ? raw[0] : raw;
  return value?.replaceAll('\u0000', '\ufffd');
}

/** A required parameter's value. @throws AppError `validation-failed` when it is missing or empty. */
export function required(params: TwilioParams, name: string): string {
  const value = one(params, name);
  if (!value) {
    throw new AppError('validation-failed', `Twilio parameter ${name} is missing`, [
      { location: 'body', path: name, message: 'Required' },
    ]);
  }
  return value;
}

/**
 * An incoming-message webhook's parameters → `InboundText` (carrier `twilio`, id `MessageSid`).
 * MMS media are kept as the carrier's addresses (`MediaUrlN` with `MediaContentTypeN`, N <
 * `NumMedia`) until the attachments module's job fetches them (`fetchMedia`); never shown.
 * Parameters we do not use (ToCity, MessagingServiceSid, …) are ignored.
 * @throws AppError `validation-failed` when From, To or MessageSid is missing.
 */
export function parseInboundText(params: TwilioParams): InboundText {
  const numMediaText = one(params, 'NumMedia');
  // Stryker disable next-line StringLiteral: any text that is not a number reads as 0 media, as '0' does
  const numMedia = Math.min(Number.parseInt(numMediaText ?? '0', 10) || 0, TWILIO_MAX_MEDIA);
  const media: Media[] = [];
  for (let i = 0; i < numMedia; i += 1) {
    const url = one(params, `MediaUrl${i}`);
    if (url)
      media.push({ url, contentType: one(params, `MediaContentType${i}`) ?? 'application/octet-stream' });
  }
  return {
    carrier: TWILIO_CARRIER_NAME,
    carrierMessageId: required(params, 'MessageSid'),
    from: required(params, 'From'),
    to: required(params, 'To'),
    body: one(params, 'Body') ?? '',
    media,
  };
}

/**
 * Twilio's `MessageStatus` → ours, or null for the steps before the handset network
 * (`accepted`, `scheduled`, `queued`, `sending`: our message is already `sending`/`sent`)
 * and for statuses of inbound texts (`receiving`, `received`).
 */
export function mapTwilioMessageStatus(status: string): CarrierStatusUpdate['status'] | null {
  switch (status) {
    case 'sent':
      return 'sent';
    case 'delivered':
    case 'read':
      return 'delivered';
    case 'undelivered':
    case 'failed':
    case 'canceled':
      return 'failed';
    default:
      return null;
  }
}

/**
 * A status callback's parameters → `CarrierStatusUpdate`, or null when there is nothing to
 * record: a status we do not track (see `mapTwilioMessageStatus`), or none at all (neither
 * `MessageStatus` nor the older `SmsStatus`). `ErrorCode` is kept for a failure (30006 landline …).
 * @throws AppError `validation-failed` when MessageSid is missing.
 */
export function parseStatusCallback(params: TwilioParams): CarrierStatusUpdate | null {
  const carrierMessageId = required(params, 'MessageSid');
  const reported = one(params, 'MessageStatus') ?? one(params, 'SmsStatus');
  // Stryker disable next-line StringLiteral: the fallback only has to be no known status; any other text maps to null too
  const status = mapTwilioMessageStatus(reported ?? '');
  if (!status) return null;
  const errorCode = one(params, 'ErrorCode');
  return {
    carrier: TWILIO_CARRIER_NAME,
    carrierMessageId,
    status,
    ...(status === 'failed' && errorCode ? { errorCode } : {}),
  };
}
