import { CarrierError, type CarrierErrorKind } from '../email-channel-carrier';
import { toCarrierError as smtpToCarrierError } from '../../email/smtp/smtp-errors';

/** What imapflow's errors carry: its own or Node's code, the server's response code (RFC 5530) and text. */
type ImapFailure = {
  code?: string;
  authenticationFailed?: boolean;
  serverResponseCode?: string;
  responseText?: string;
  message?: string;
};

/** Node and imapflow codes of a connection that failed or was lost: another try later may work. */
const TEMPORARY_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'NoConnection',
  'EConnectionClosed',
  'ClosedAfterConnectText',
  'ClosedAfterConnectTLS',
  'CONNECT_TIMEOUT',
  'GREETING_TIMEOUT',
  'UPGRADE_TIMEOUT',
  'ETIMEOUT',
  'LockTimeout',
]);
/** RFC 5530 response codes of refused credentials. */
const AUTH_RESPONSE_CODES = new Set([
  'AUTHENTICATIONFAILED',
  'AUTHORIZATIONFAILED',
  'EXPIRED',
  'PRIVACYREQUIRED',
]);
/** RFC 5530 response codes of a server that is busy or limiting us. */
const RATE_RESPONSE_CODES = new Set(['LIMIT', 'INUSE', 'UNAVAILABLE']);

/**
 * Which of the closed set an IMAP failure is: refused credentials (imapflow's
 * `authenticationFailed`, or AUTHENTICATIONFAILED, AUTHORIZATIONFAILED, EXPIRED) → `auth`; a
 * throttled client (`ETHROTTLE`, LIMIT, INUSE, UNAVAILABLE) → `rate-limited`; a refused, lost or
 * timed-out connection → `temporary`; anything else (an unknown host, a protocol error, a
 * mailbox that does not exist) → `permanent`. Only `auth` marks a mailbox disconnected.
 */
export function imapErrorKind(error: ImapFailure): CarrierErrorKind {
  const response = error.serverResponseCode?.toUpperCase();
  if (error.authenticationFailed || (response && AUTH_RESPONSE_CODES.has(response))) return 'auth';
  if (error.code === 'ETHROTTLE' || (response && RATE_RESPONSE_CODES.has(response))) return 'rate-limited';
  if (error.code && TEMPORARY_CODES.has(error.code)) return 'temporary';
  return 'permanent';
}

/** An imapflow failure as a `CarrierError`, keeping its response code (or error code) and the server's text (never the credentials). */
export function imapToCarrierError(error: unknown): CarrierError {
  if (error instanceof CarrierError) return error;
  const failure = (
    typeof error === 'object' && error !== null ? error : { message: String(error) }
  ) as ImapFailure;
  return new CarrierError(
    imapErrorKind(failure),
    failure.responseText ?? failure.message ?? 'IMAP failure',
    failure.serverResponseCode ?? failure.code,
  );
}

/** A nodemailer (SMTP) failure as a `CarrierError`: the e-mail carrier's own mapping (RFC 5321 reply codes). */
export const smtpFailureToCarrierError = smtpToCarrierError;
