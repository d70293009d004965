import type { IntlShape } from 'react-intl';
import { ApiError } from '../../lib/api';

/** A failed call's text in the interface language: its code's catalogue text (`error.<code>`, with the retry delay where it has one). */
export function describeApiError(error: unknown, intl: IntlShape): string {
  if (!(error instanceof ApiError)) return intl.formatMessage({ id: 'error.internal' });
  return intl.formatMessage({ id: `error.${error.code}` }, { retry: error.retryAfterS ?? '…' });
}
