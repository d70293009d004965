import { commonApiError, MailApiError, type ApiErrorBody } from '../mail-api-request';

/** Gmail's 403 reasons of a throttle (usage limits): wait and try again. */
const RATE_REASONS = new Set([
  'rateLimitExceeded',
  'userRateLimitExceeded',
  'dailyLimitExceeded',
  'quotaExceeded',
]);
/** Gmail's 403 reasons of a grant that does not reach the mailbox (scope unticked, a domain's policy): reconnect. */
const AUTH_REASONS = new Set(['insufficientPermissions', 'forbidden', 'domainPolicy', 'authError']);

/**
 * Which of the closed set a Gmail API refusal is (docs/carriers.md, after Twenty's
 * `gmail-handle-error`): 401 → the access token refused (refreshed before the next try); 429,
 * 503 and the usage limits' 403 → `rate-limited` (Retry-After kept); a 403 of permissions →
 * `auth` (the grant no longer reaches the mailbox); 5xx → `temporary`; the rest (404 of an old
 * history id, 400 of a mailbox without Gmail) → `permanent`.
 */
export function gmailApiError(error: ApiErrorBody): MailApiError {
  const text = `${error.reason}: ${error.message}`;
  if (error.status === 403 && RATE_REASONS.has(error.reason))
    return new MailApiError('rate-limited', text, error.reason, error.retryAfterMs);
  if (error.status === 403 && AUTH_REASONS.has(error.reason))
    return new MailApiError('auth', text, error.reason);
  return (
    commonApiError(error) ??
    new MailApiError('permanent', text, error.status === 404 ? 'notFound' : error.reason)
  );
}
