import type { MailboxStatus } from '@accueil/domain';
import { Button, Group, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconMailOff } from '@tabler/icons-react';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { useSession } from '../../lib/session';
import { useDisconnectMailbox, useMailboxStatus } from './use-mailbox-connection';

/** Where the dialog's reconnect goes (spec shell §2: configuration tab 2, sub-tab 1). */
export const RECONNECT_PATH = '/configuration?configTab=2&tab=1';

/** The key a closed dialog is remembered by in this tab: the team and the disconnection (its version). */
const dismissedKey = (status: MailboxStatus) => `accueil.mailbox-dialog.${status.teamId}.${status.version}`;

function wasDismissed(status: MailboxStatus): boolean {
  try {
    return sessionStorage.getItem(dismissedKey(status)) === '1';
  } catch {
    return false;
  }
}

/**
 * The e-mail-disconnected dialog (spec shell §2; docs/behaviour/email.md, "Disconnected teams"):
 * when the current team's mailbox is connected but `valid: false` (its provider refused the
 * sign-in), every member sees 'This group has been disconnected from your email provider, please
 * reconnect your email.' — at load, or live (`mailbox:updated`). Those who manage the mailboxes
 * (`configuration.edit`; the server enforces `team.manage`) may reconnect (→ `RECONNECT_PATH`)
 * or choose "don't ask again", which disconnects the mailbox; the others are told to ask an
 * administrator. Closed, it stays closed in this tab until the mailbox changes again.
 */
export function MailboxDisconnectedDialog() {
  const intl = useIntl();
  const navigate = useNavigate();
  const { context } = useSession();
  const teamId = context?.userGroup?.id ?? null;
  const { data: status } = useMailboxStatus(teamId);
  const [, setDismissals] = useState(0);
  const disconnect = useDisconnectMailbox(teamId ?? '');
  if (!status || status.teamId !== teamId || !status.connected || status.valid || wasDismissed(status))
    return null;
  const manages = context?.abilities['configuration.edit'] ?? false;
  const dismiss = () => {
    try {
      sessionStorage.setItem(dismissedKey(status), '1');
    } catch {
      // Private mode without storage: the dialog shows again at the next load.
    }
    setDismissals((n) => n + 1);
  };
  return (
    <Modal
      opened
      onClose={dismiss}
      title={intl.formatMessage({ id: 'email.disconnectedDialog.title' })}
      data-testid="mailbox-disconnected-dialog"
      centered
    >
      <Stack gap="lg">
        <Group wrap="nowrap" align="flex-start">
          <ThemeIcon size={40} radius="xl" variant="light" color="orange" aria-hidden>
            <IconMailOff size={22} />
          </ThemeIcon>
          <Stack gap={6}>
            <Text size="sm">
              <FormattedMessage id="email.mailboxDisconnected" />
            </Text>
            {!manages && (
              <Text size="sm" c="dimmed">
                <FormattedMessage id="email.disconnectedDialog.askAdministrator" />
              </Text>
            )}
          </Stack>
        </Group>
        <Group justify="flex-end" gap="xs">
          {manages ? (
            <>
              <Button
                variant="default"
                loading={disconnect.isPending}
                onClick={() => disconnect.mutate(status, { onSuccess: dismiss })}
              >
                <FormattedMessage id="email.disconnectedDialog.dontAskAgain" />
              </Button>
              <Button
                data-autofocus
                onClick={() => {
                  dismiss();
                  void navigate(RECONNECT_PATH);
                }}
              >
                <FormattedMessage id="email.disconnectedDialog.reconnect" />
              </Button>
            </>
          ) : (
            <Button data-autofocus onClick={dismiss}>
              <FormattedMessage id="email.disconnectedDialog.close" />
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
