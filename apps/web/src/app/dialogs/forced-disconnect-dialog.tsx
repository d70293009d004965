import { Button, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconPlugConnectedX } from '@tabler/icons-react';
import { FormattedMessage } from 'react-intl';
import { getIntl } from '../../lib/i18n';

const MODAL_ID = 'forced-disconnect';

/**
 * Forced-disconnect dialog: the session was closed elsewhere. A single confirm button
 * reloads the page on the login, which says that the session has expired. `reason` says why
 * when an administrator ended it (forced out, account disabled), or a newer sign-in elsewhere.
 */
export function openForcedDisconnectDialog(
  now: number = Date.now(),
  reason?: 'forced-disconnect' | 'disabled' | 'signed-in-elsewhere',
): void {
  modals.close(MODAL_ID);
  modals.open({
    modalId: MODAL_ID,
    title: getIntl().formatMessage({ id: 'shell.forcedDisconnect.title' }),
    withCloseButton: false,
    closeOnClickOutside: false,
    closeOnEscape: false,
    children: (
      <Stack gap="lg">
        <Group wrap="nowrap" align="flex-start">
          <ThemeIcon size={40} radius="xl" variant="light" color="orange">
            <IconPlugConnectedX size={22} />
          </ThemeIcon>
          <Text size="sm" c="dimmed">
            <FormattedMessage
              id={
                reason === 'signed-in-elsewhere'
                  ? 'security.signedInElsewhere'
                  : reason
                    ? `teamsUsers.forcedDisconnect.${reason}`
                    : 'shell.forcedDisconnect.body'
              }
            />
          </Text>
        </Group>
        <Group justify="flex-end">
          <Button data-autofocus onClick={() => window.location.assign(`/login?expired=${now}`)}>
            <FormattedMessage id="shell.forcedDisconnect.confirm" />
          </Button>
        </Group>
      </Stack>
    ),
  });
}
