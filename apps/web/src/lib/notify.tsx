import { TOAST_AUTO_CLOSE_MS } from '@accueil/domain';
import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';
import { ApiError } from './api';
import { getIntl } from './i18n';

/**
 * The API's own `message` is written in English for developers and API clients. The
 * interface shows it only when it speaks English too (as the detail under the localised text
 * of the code): a French interface shows the localised text alone, never a mix of languages.
 */
function serverDetail(error: ApiError, text: string, locale: string): string | undefined {
  // The throttle text already says everything the server's message does.
  const complete = error.code === 'too-many-requests' || error.code === 'too-many-attempts';
  if (complete || !locale.startsWith('en') || !error.serverMessage) return undefined;
  return error.serverMessage !== text ? error.serverMessage : undefined;
}

/** The team labels an error lists (`details.teams`: the last administrator or user of those teams), joined. */
function teamsOf(details: unknown): string {
  const teams = (details as { teams?: unknown } | undefined)?.teams;
  return Array.isArray(teams) ? teams.filter((t) => typeof t === 'string').join(', ') : '…';
}

/**
 * Shows a failure: the localised text of `error.<code>` (with `{retry}` seconds for
 * throttling: the `Retry-After` of a 429; `{teams}`, the teams a refused membership change
 * names), plus, in an English interface only, the server's
 * message when it adds something. For errors without a code, or a bare `internal`, the text
 * of `fallbackMessageId` (default `error.internal`). An expired session shows nothing here:
 * the login page says it.
 */
export function notifyError(error: unknown, fallbackMessageId?: string): void {
  const intl = getIntl();
  let text: string;
  let serverMessage: string | undefined;
  if (error instanceof ApiError) {
    if (error.code === 'session-expired') return;
    const id = error.code === 'internal' && fallbackMessageId ? fallbackMessageId : `error.${error.code}`;
    text = intl.formatMessage({ id }, { retry: error.retryAfterS ?? '…', teams: teamsOf(error.details) });
    serverMessage = serverDetail(error, text, intl.locale);
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

/** A button a toast offers after its text (Undo, Open): what it says and what it does. */
export type ToastAction = {
  label: string;
  /** Run on click; the toast closes first. */
  onClick: () => void;
  testId?: string;
};

let actionToastSeq = 0;

/**
 * The message of toast `toastId`: `message`, then `action`'s button, which closes the toast and
 * runs the action. A button, not a clickable toast, so that the keyboard and assistive
 * technologies reach it like any other (docs/behaviour/assignment.md, "Web").
 */
export function messageWithAction(toastId: string, message: string, action: ToastAction): ReactNode {
  const run = () => {
    notifications.hide(toastId);
    action.onClick();
  };
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm">
      <Text size="sm">{message}</Text>
      <Button size="compact-sm" variant="light" onClick={run} data-testid={action.testId}>
        {action.label}
      </Button>
    </Group>
  );
}

/** A new id for a toast that carries an action (the action hides its own toast). */
export function nextActionToastId(kind: string): string {
  actionToastSeq += 1;
  return `${kind}-${actionToastSeq}`;
}

/**
 * An informative toast (auto-closes after 3 s, `TOAST_AUTO_CLOSE_MS`), with `action`'s button
 * when given (e.g. "Open" on "Marie Tremblay assigned you the conversation with …").
 */
export function notifyInfo(message: string, action?: ToastAction): void {
  if (!action) {
    notifications.show({ color: 'blue', message, autoClose: TOAST_AUTO_CLOSE_MS, withBorder: true });
    return;
  }
  const id = nextActionToastId('info');
  notifications.show({
    id,
    color: 'blue',
    message: messageWithAction(id, message, action),
    autoClose: TOAST_AUTO_CLOSE_MS,
    withBorder: true,
  });
}
