import { CarrierError, type CarrierErrorKind } from '../storage-carrier';

/** What the AWS SDK's errors carry: the service's error code as `name`, the HTTP status, a network error's code. */
type S3Failure = { name?: string; message?: string; code?: string; $metadata?: { httpStatusCode?: number } };

/** S3 error codes of refused credentials or permissions. */
const AUTH_CODES = new Set([
  'AccessDenied',
  'InvalidAccessKeyId',
  'SignatureDoesNotMatch',
  'ExpiredToken',
  'InvalidToken',
  'CredentialsProviderError',
]);
/** S3 error codes asking to slow down. */
const RATE_CODES = new Set(['SlowDown', 'Throttling', 'ThrottlingException', 'TooManyRequests']);
/** Network and time-out failures another try may get past. */
const TEMPORARY_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'TimeoutError',
  'RequestTimeout',
  'InternalError',
  'ServiceUnavailable',
]);

/** Whether an S3 failure says the key holds nothing. */
export function isS3NotFound(error: unknown): boolean {
  const failure = error as S3Failure;
  return (
    failure.name === 'NoSuchKey' || failure.name === 'NotFound' || failure.$metadata?.httpStatusCode === 404
  );
}

/**
 * Which of the closed set an S3 failure is: refused credentials or permissions (403) → `auth`;
 * SlowDown or HTTP 429/503 → `rate-limited`; other 5xx, a lost connection or a time-out →
 * `temporary`; anything else (a missing bucket, a refused request) → `permanent`.
 */
export function s3ErrorKind(error: S3Failure): CarrierErrorKind {
  const status = error.$metadata?.httpStatusCode;
  const code = error.name ?? '';
  if (AUTH_CODES.has(code) || status === 401 || status === 403) return 'auth';
  if (RATE_CODES.has(code) || status === 429 || status === 503) return 'rate-limited';
  if (TEMPORARY_CODES.has(code) || TEMPORARY_CODES.has(error.code ?? '') || (status ?? 0) >= 500)
    return 'temporary';
  return 'permanent';
}

/** An S3 failure as the carriers' `CarrierError`, keeping the S3 error code (or the network code) as `carrierCode`. */
export function toCarrierError(error: unknown): CarrierError {
  const failure = (
    typeof error === 'object' && error !== null ? error : { message: String(error) }
  ) as S3Failure;
  return new CarrierError(
    s3ErrorKind(failure),
    failure.message ?? 'S3 failure',
    failure.name ?? failure.code,
  );
}
