import { AppError } from '@accueil/domain';
import twilio from 'twilio';
import type { WebhookParams, WebhookRequest } from '../messaging-carrier';

/**
 * The URL Twilio signed: `PUBLIC_URL` (the public origin, and path prefix if any, as set in
 * the console) + the path and query string exactly as received. Behind a proxy the host the
 * server sees is not the one Twilio called, so it is never taken from the request.
 */
export function twilioSignedUrl(publicUrl: string, requestUrl: string): string {
  return `${publicUrl.replace(/\/+$/, '')}${requestUrl}`;
}

/** The request's form parameters, or `{}` when the body is absent or not a form. */
export function formParams(body: unknown): WebhookParams {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return {};
  return body as WebhookParams;
}

/**
 * Checks `X-Twilio-Signature` (HMAC-SHA1 with the auth token over the signed URL and every
 * POST parameter, unknown ones included) with `twilio.validateRequest`. Runs before the body
 * is validated or anything is written.
 * @throws AppError `signature-invalid` (403), after logging why (missing header or mismatch)
 * and the URL the signature was checked against.
 */
export function assertTwilioSignature(
  request: WebhookRequest,
  opts: { authToken: string; publicUrl: string },
): void {
  const url = twilioSignedUrl(opts.publicUrl, request.url);
  const header = request.headers['x-twilio-signature'];
  // Twilio sends one signature: a repeated header (Node joins it with ", ") never matches.
  const signature = Array.isArray(header) ? header.join(', ') : header;
  if (!signature) {
    request.log.warn({ url }, 'twilio webhook refused: missing X-Twilio-Signature header');
    throw new AppError('signature-invalid', 'Missing X-Twilio-Signature header');
  }
  const params = formParams(request.body);
  // A nameless parameter ("&=") adds nothing to the signed text: it would ride on a valid signature.
  // Twilio never sends one.
  if (Object.hasOwn(params, '')) {
    request.log.warn({ url }, 'twilio webhook refused: a form parameter without a name');
    throw new AppError('signature-invalid', 'X-Twilio-Signature does not match this request');
  }
  if (!twilio.validateRequest(opts.authToken, signature, url, params)) {
    request.log.warn(
      { url, paramNames: Object.keys(params).sort() },
      'twilio webhook refused: X-Twilio-Signature does not match (auth token, PUBLIC_URL or parameters differ)',
    );
    throw new AppError('signature-invalid', 'X-Twilio-Signature does not match this request');
  }
}
