import { CarrierError, type CarrierErrorKind, type MailboxAccount } from '../email-channel-carrier';
import { TOKEN_REFUSED } from '../mail-api-request';
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

/**
 * A sign-in refused to an account that signed in with an OAuth 2 access token (XOAUTH2) is
 * marked `TOKEN_REFUSED` (still `auth`): the module refreshes the token and tries once more,
 * and only a second refusal, or a refused refresh, disconnects the mailbox.
 */
function withTokenRefusal(error: CarrierError, account: Pick<MailboxAccount, 'accessToken'> | undefined) {
  if (error.kind !== 'auth' || account?.accessToken === undefined || error.carrierCode === TOKEN_REFUSED)
    return error;
  return new CarrierError('auth', error.message, TOKEN_REFUSED);
}

/**
 * An imapflow failure as a `CarrierError`, keeping its response code (or error code) and the
 * server's text (never the credentials); a refused access token (`account` signed in with
 * one) carries `TOKEN_REFUSED`.
 */
export function imapToCarrierError(
  error: unknown,
  account?: Pick<MailboxAccount, 'accessToken'>,
): CarrierError {
  if (error instanceof CarrierError) return withTokenRefusal(error, account);
  const failure = (
    typeof error === 'object' && error !== null ? error : { message: String(error) }
  ) as ImapFailure;
  return withTokenRefusal(
    new CarrierError(
      imapErrorKind(failure),
      failure.responseText ?? failure.message ?? 'IMAP failure',
      failure.serverResponseCode ?? failure.code,
    ),
    account,
  );
}

/**
 * A nodemailer (SMTP) failure as a `CarrierError`: the e-mail carrier's own mapping (RFC 5321
 * reply codes); a refused access token carries `TOKEN_REFUSED` as IMAP's does.
 */
export function smtpFailureToCarrierError(
  error: unknown,
  account?: Pick<MailboxAccount, 'accessToken'>,
): CarrierError {
  return withTokenRefusal(smtpToCarrierError(error), account);
}
