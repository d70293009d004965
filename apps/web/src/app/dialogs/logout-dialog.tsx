import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { getIntl } from '../../lib/i18n';
import { signOut } from '../../lib/session';

/**
 * Logout with a confirmation dialog; POST auth/logout `{ revokeAll: false }` (30 s time limit).
 * Whatever the server answers, the login shows (logout failures only show the login).
 */
export function openLogoutDialog(onSignedOut: () => void): void {
  const intl = getIntl();
  modals.openConfirmModal({
    modalId: 'logout',
    title: intl.formatMessage({ id: 'shell.logout.title' }),
    children: (
      <Text size="sm" c="dimmed">
        {intl.formatMessage({ id: 'shell.logout.body' })}
      </Text>
    ),
    labels: {
      confirm: intl.formatMessage({ id: 'shell.logout.confirm' }),
      cancel: intl.formatMessage({ id: 'common.cancel' }),
    },
    confirmProps: { color: 'red', 'data-testid': 'logout-confirm' } as Record<string, unknown>,
    onConfirm: () => {
      void signOut().finally(onSignedOut);
    },
  });
}
