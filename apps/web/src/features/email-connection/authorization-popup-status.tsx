import { Alert, Text } from '@mantine/core';
import { FormattedMessage } from 'react-intl';

/**
 * What an authorisation popup is doing, under the button that opened it: the browser blocked
 * it (allow pop-ups, then connect again), or it is open and watched (finish signing in there).
 */
export function AuthorizationPopupStatus({
  blocked,
  waiting,
  testId,
}: {
  blocked: boolean;
  waiting: boolean;
  testId?: string;
}) {
  return (
    <>
      {blocked && (
        <Alert color="orange" role="alert" data-testid={testId}>
          <FormattedMessage id="email.connection.popupBlocked" />
        </Alert>
      )}
      {waiting && (
        <Text size="xs" c="dimmed" aria-live="polite">
          <FormattedMessage id="email.connection.waiting" />
        </Text>
      )}
    </>
  );
}
