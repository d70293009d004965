import type { IntlShape } from 'react-intl';
import { ApiError } from '../../lib/api';

/** Title and detail of a failed sign-in, localised (invalid credentials, 'Too many attempts.' with Retry-After). */
export function describeLoginError(error: unknown, intl: IntlShape): { title: string; detail?: string } {
  if (!(error instanceof ApiError)) return { title: intl.formatMessage({ id: 'error.internal' }) };
  if (error.code === 'invalid-credentials' || (error.status === 401 && error.code === 'unauthorized')) {
    return { title: intl.formatMessage({ id: 'login.invalidCredentials' }) };
  }
  if (error.status === 429) {
    const s = error.retryAfterS;
    const detail =
      s === undefined
        ? undefined
        : s < 60
          ? intl.formatMessage({ id: 'login.retryInSeconds' }, { seconds: s })
          : intl.formatMessage({ id: 'login.retryIn' }, { minutes: Math.ceil(s / 60) });
    return { title: intl.formatMessage({ id: 'login.tooManyAttempts' }), detail };
  }
  return { title: intl.formatMessage({ id: `error.${error.code}` }, { retry: error.retryAfterS ?? '…' }) };
}

/**
 * Title of a failed passkey sign-in: the person closed the browser's prompt or no passkey of
 * this site was there (the browser does not say which), or the server's refusal.
 */
export function describePasskeyError(error: unknown, intl: IntlShape): { title: string; detail?: string } {
  if (error instanceof ApiError) return describeLoginError(error, intl);
  const name = (error as { name?: unknown } | null)?.name;
  if (name === 'NotAllowedError' || name === 'AbortError')
    return { title: intl.formatMessage({ id: 'login.passkeyCancelled' }) };
  return { title: intl.formatMessage({ id: 'login.passkeyUnsupported' }) };
}
