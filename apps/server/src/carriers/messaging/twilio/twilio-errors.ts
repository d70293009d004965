import { CarrierError } from '../messaging-carrier';

/** Twilio codes meaning "this text can never go to this recipient" (retrying will not help). */
const PERMANENT_CODES = new Set([
  21211, // invalid 'To' number
  21408, // no permission to send to that region
  21610, // the recipient replied STOP
  21612, // 'To' cannot be reached from 'From'
  21614, // 'To' is not a mobile number
  30006, // landline or unreachable carrier (shown as 'Unable to send text message')
]);

/** A Twilio REST error as the library throws it (`RestException`), or anything else thrown. */
type TwilioLikeError = { status?: unknown; code?: unknown; message?: unknown };

/**
 * Maps whatever `client.messages.create` threw to the messaging capability's closed set:
 * - 20003 or HTTP 401 → `auth` (wrong account SID / auth token);
 * - 20429 or HTTP 429 → `rate-limited`;
 * - a known permanent code (21211, 21408, 21610, 21612, 21614, 30006) or any other 4xx →
 *   `permanent` (the request itself is refused; resending it will not help);
 * - 5xx, a network failure or a timeout (no HTTP status) → `temporary`.
 * `carrierCode` keeps Twilio's numeric code when there is one.
 */
export function mapTwilioError(error: unknown): CarrierError {
  if (error instanceof CarrierError) return error;
  const e = (typeof error === 'object' && error !== null ? error : {}) as TwilioLikeError;
  const status = typeof e.status === 'number' ? e.status : undefined;
  const code = typeof e.code === 'number' ? e.code : undefined;
  const carrierCode = code === undefined ? undefined : String(code);
  const message = typeof e.message === 'string' && e.message ? e.message : 'Twilio request failed';
  if (code === 20003 || status === 401)
    return new CarrierError('auth', `Twilio refused the credentials: ${message}`, carrierCode);
  if (code === 20429 || status === 429)
    return new CarrierError('rate-limited', `Twilio rate limit: ${message}`, carrierCode);
  if (code !== undefined && PERMANENT_CODES.has(code))
    return new CarrierError('permanent', message, carrierCode);
  if (status !== undefined && status >= 400 && status < 500)
    return new CarrierError('permanent', message, carrierCode);
  return new CarrierError('temporary', `Twilio unavailable: ${message}`, carrierCode);
}
