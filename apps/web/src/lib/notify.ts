import { TOAST_AUTO_CLOSE_MS } from '@accueil/domain';
import { notifications } from '@mantine/notifications';
import { ApiError } from './api';
import { getIntl } from './i18n';

/**
 * §8 Shows a failure: the localised text of `error.<code>` (with `{retry}` seconds for
 * throttling: the `Retry-After` of a 429), plus the server's message when present and
 * different (not for throttling, whose localised text is the whole message). For errors without a
 * code, or a bare `internal`, the text of `fallbackMessageId` (default `error.internal`).
 * An expired session shows nothing here: the login page says it.
 */
export function notifyError(error: unknown, fallbackMessageId?: string): void {
  const intl = getIntl();
  let text: string;
  let serverMessage: string | undefined;
  if (error instanceof ApiError) {
    if (error.code === 'session-expired') return;
    const id = error.code === 'internal' && fallbackMessageId ? fallbackMessageId : `error.${error.code}`;
    text = intl.formatMessage({ id }, { retry: error.retryAfterS ?? '…' });
    // The throttle text already says everything the server's (English) message does.
    const complete = error.code === 'too-many-requests' || error.code === 'too-many-attempts';
    serverMessage = !complete && error.serverMessage && error.serverMessage !== text ? error.serverMessage : undefined;
  } else {
    text = intl.formatMessage({ id: fallbackMessageId ?? 'error.internal' });
  }
  notifications.show({
    color: 'red',
    title: serverMessage ? text : undefined,
    message: serverMessage ?? text,
    autoClose: TOAST_AUTO_CLOSE_MS,
    withBorder: true,
  });
}

/** A success toast (auto-closes after 3 s). */
export function notifySuccess(message: string): void {
  notifications.show({ color: 'teal', message, autoClose: TOAST_AUTO_CLOSE_MS, withBorder: true });
}

/** An informative toast (auto-closes after 3 s). */
export function notifyInfo(message: string): void {
  notifications.show({ color: 'blue', message, autoClose: TOAST_AUTO_CLOSE_MS, withBorder: true });
}
