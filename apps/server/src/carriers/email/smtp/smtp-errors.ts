import { CarrierError, type CarrierErrorKind } from '../email-carrier';

/** What nodemailer's errors carry: its own code (`EAUTH`, `ECONNECTION`, …) and, after an SMTP answer, the reply code and line. */
type NodemailerFailure = { code?: string; responseCode?: number; response?: string; message?: string };

/** Nodemailer codes that mean the network or the server was away: another try later may work. */
const TEMPORARY_CODES = new Set([
  'ECONNECTION',
  'ETIMEDOUT',
  'ESOCKET',
  'EDNS',
  'EPROXY',
  'ETLS',
  'EPROTOCOL',
]);
/** Nodemailer codes of refused credentials. */
const AUTH_CODES = new Set(['EAUTH', 'ENOAUTH', 'EOAUTH2']);
/** SMTP replies that refuse the credentials (RFC 4954): 530 authentication required, 534, 535 refused, 454 temporarily. */
const AUTH_REPLIES = new Set([454, 530, 534, 535]);
/** A 4xx reply about throttling: "too many", "rate", "throttl…", or the enhanced status 4.7.x many providers use for it. */
const RATE_LIMIT_TEXT = /too many|rate.?limit|throttl|\b4\.7\.\d+\b/i;

/**
 * Which of the closed set a nodemailer failure is: refused credentials → `auth`; a 4xx reply
 * that speaks of throttling → `rate-limited`; any other 4xx (RFC 5321: transient), a lost
 * connection, a time-out or an unreadable answer → `temporary`; a 5xx (RFC 5321: permanent) or
 * anything else (a bad address or message, a bad configuration) → `permanent`.
 */
export function smtpErrorKind(error: NodemailerFailure): CarrierErrorKind {
  const reply = error.responseCode;
  if ((error.code && AUTH_CODES.has(error.code)) || (reply !== undefined && AUTH_REPLIES.has(reply)))
    return 'auth';
  if (reply !== undefined && reply >= 400 && reply < 500)
    return RATE_LIMIT_TEXT.test(error.response ?? '') ? 'rate-limited' : 'temporary';
  if (reply !== undefined && reply >= 500) return 'permanent';
  if (error.code && TEMPORARY_CODES.has(error.code)) return 'temporary';
  return 'permanent';
}

/**
 * A nodemailer failure as the carriers' `CarrierError`, keeping the SMTP reply code (or
 * nodemailer's code) as `carrierCode` and the server's reply line in the message (never the
 * credentials: nodemailer's messages do not carry them).
 */
export function toCarrierError(error: unknown): CarrierError {
  const failure = (
    typeof error === 'object' && error !== null ? error : { message: String(error) }
  ) as NodemailerFailure;
  const code = failure.responseCode !== undefined ? String(failure.responseCode) : failure.code;
  return new CarrierError(
    smtpErrorKind(failure),
    failure.response ?? failure.message ?? 'SMTP failure',
    code,
  );
}
