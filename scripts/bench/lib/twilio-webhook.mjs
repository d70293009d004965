// The Twilio side of the benchmarks: the carrier credentials every benchmarked server runs with,
// and inbound SMS webhooks signed as Twilio signs them.
import twilio from 'twilio';

/** The Twilio auth token of every benchmarked server (`TWILIO_AUTH_TOKEN`): the webhooks' HMAC key. */
export const BENCH_AUTH_TOKEN = 'bench-auth-token-0123456789abcdef';
/** The Twilio account of every benchmarked server (`TWILIO_ACCOUNT_SID`). */
export const BENCH_ACCOUNT_SID = 'AC00000000000000000000000000000001';
/** The demo data's "Clinique Démo" / Principal team number: the `To` of webhooks to a demo server. */
export const DEMO_TEAM_NUMBER = '+15145550100';

/**
 * An inbound SMS webhook as Twilio sends it: message `sid` (34 characters, `SM…`) from `from`
 * to `to` with text `body`, form-encoded, with `X-Twilio-Signature` computed over `signedUrl`
 * (the public URL the server believes it is called on; default `url`) and the sorted parameters.
 * Returns `{ url, headers, body }` for `post()` (lib/http-post.mjs) or `fetch(url, { method: 'POST', headers, body })`.
 */
export function signedInboundSms({ url, signedUrl = url, sid, from, to, body }) {
  const params = {
    MessageSid: sid,
    SmsSid: sid,
    SmsMessageSid: sid,
    AccountSid: BENCH_ACCOUNT_SID,
    From: from,
    To: to,
    Body: body,
    NumMedia: '0',
    NumSegments: '1',
    SmsStatus: 'received',
    ApiVersion: '2010-04-01',
  };
  const headers = {
    'content-type': 'application/x-www-form-urlencoded',
    'x-twilio-signature': twilio.getExpectedTwilioSignature(BENCH_AUTH_TOKEN, signedUrl, params),
  };
  return { url, headers, body: new URLSearchParams(params).toString() };
}

/** A message sid of 34 characters: `SM`, `tag`, then `n` zero-padded. */
export const messageSid = (tag, n) => `SM${tag}${String(n).padStart(32 - tag.length, '0')}`;
