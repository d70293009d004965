import { commonApiError, MailApiError, type ApiErrorBody } from '../mail-api-request';

/** Graph's codes of a grant that does not reach the mailbox (consent withdrawn, account blocked): reconnect. */
const AUTH_CODES = new Set([
  'ErrorAccessDenied',
  'AccessDenied',
  'Authorization_RequestDenied',
  'InvalidAuthenticationToken',
]);

/**
 * Which of the closed set a Microsoft Graph refusal is (docs/carriers.md): 401 → the access
 * token refused (refreshed before the next try); 429, 503 → `rate-limited` (Retry-After kept);
 * a 403 of access → `auth`; 5xx → `temporary`; 410 of an expired delta (`syncStateNotFound`)
 * and the rest → `permanent` (the carrier starts the delta again on 410).
 */
export function outlookApiError(error: ApiErrorBody): MailApiError {
  const text = `${error.reason}: ${error.message}`;
  if (error.status === 403 && AUTH_CODES.has(error.reason))
    return new MailApiError('auth', text, error.reason);
  if (error.status === 410) return new MailApiError('permanent', text, 'syncStateNotFound');
  return (
    commonApiError(error) ??
    new MailApiError('permanent', text, error.status === 404 ? 'notFound' : error.reason)
  );
}
