import type { Mailbox, TeamConfig } from '@accueil/domain';
import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ConfigHeader, confirmAction, QueryState } from '../../../lib/config-kit';
import { formatDateTime } from '../../../lib/format';
import { useMailbox } from '../../conversations/email/use-email';
import { AuthorizationPopupStatus } from '../../email-connection/authorization-popup-status';
import { useConnectMailbox, useDisconnectMailbox } from '../../email-connection/use-mailbox-connection';
import { useTeams } from '../teams/use-teams-users';
import { MailboxDialog } from './mailbox-dialog';

function status(mailbox: Mailbox): { id: string; color: string } {
  if (!mailbox.connected) return { id: 'email.settings.status.none', color: 'gray' };
  if (!mailbox.valid) return { id: 'email.settings.status.disconnected', color: 'red' };
  return { id: 'email.settings.status.connected', color: 'green' };
}

/**
 * One team's mailbox: its address, state (connected via which provider, valid or disconnected),
 * last sync or failure, and the connect and disconnect actions. "Connect" asks the server who
 * hosts the address: Gmail and Outlook open their authorisation popup (a blocked popup is said
 * here), any other host the IMAP/SMTP dialog.
 */
function TeamMailbox({ team }: { team: TeamConfig }) {
  const intl = useIntl();
  const query = useMailbox(team.id);
  const [editing, setEditing] = useState(false);
  const connect = useConnectMailbox(team.id, () => setEditing(true));
  const disconnect = useDisconnectMailbox(team.id);
  return (
    <Card withBorder padding="md" data-testid={`mailbox-${team.label}`}>
      <QueryState query={query}>
        {(mailbox) => {
          const s = status(mailbox);
          return (
            <Stack gap={6}>
              <Group justify="space-between">
                <Text fw={600}>{team.label}</Text>
                <Badge color={s.color} variant="light">
                  <FormattedMessage id={s.id} />
                </Badge>
              </Group>
              {mailbox.connected && (
                <Text size="sm" data-testid="mailbox-provider">
                  <FormattedMessage
                    id="email.connection.via"
                    values={{ provider: intl.formatMessage({ id: `email.provider.${mailbox.provider}` }) }}
                  />
                </Text>
              )}
              <Text size="sm" c={mailbox.address ? undefined : 'dimmed'}>
                {mailbox.address ?? intl.formatMessage({ id: 'email.settings.noAddress' })}
              </Text>
              {mailbox.lastSyncedAt && (
                <Text size="xs" c="dimmed">
                  <FormattedMessage
                    id="email.settings.lastSync"
                    values={{ at: formatDateTime(mailbox.lastSyncedAt) }}
                  />
                </Text>
              )}
              {mailbox.lastError && (
                <Text size="xs" c="red.8">
                  {mailbox.lastError}
                </Text>
              )}
              <Group gap="xs">
                <Button
                  size="xs"
                  disabled={!mailbox.address}
                  loading={connect.isPending}
                  onClick={() => mailbox.address && connect.mutate(mailbox.address)}
                >
                  <FormattedMessage
                    id={mailbox.connected ? 'email.settings.reconnect' : 'email.settings.connect'}
                  />
                </Button>
                {mailbox.connected && (
                  <Button
                    size="xs"
                    variant="default"
                    loading={disconnect.isPending}
                    onClick={() =>
                      void confirmAction({
                        titleId: 'email.settings.disconnectTitle',
                        bodyId: 'email.settings.disconnectBody',
                        confirmId: 'email.settings.disconnect',
                        values: { team: team.label },
                        danger: true,
                      }).then((ok) => ok && disconnect.mutate(mailbox))
                    }
                  >
                    <FormattedMessage id="email.settings.disconnect" />
                  </Button>
                )}
              </Group>
              <AuthorizationPopupStatus
                blocked={connect.data === 'blocked'}
                waiting={connect.isPending}
                testId="popup-blocked"
              />
              {editing && (
                <MailboxDialog mailbox={mailbox} label={team.label} onClose={() => setEditing(false)} />
              )}
            </Stack>
          );
        }}
      </QueryState>
    </Card>
  );
}

/**
 * The configuration's e-mail connection tab (spec setup §2 "E-mail connection"; the shell's
 * reconnect link `configTab=2&tab=1`): each team's mailbox, connected with Gmail or Outlook
 * (OAuth 2 in a popup) or the server's mail vendor (IMAP/SMTP, or the sandbox mailbox), so its
 * mail arrives in the team's inbox.
 */
export default function EmailTab() {
  const intl = useIntl();
  const teams = useTeams();
  return (
    <Stack>
      <ConfigHeader
        title={intl.formatMessage({ id: 'email.settings.title' })}
        intro={intl.formatMessage({ id: 'email.settings.intro' })}
      />
      <QueryState query={teams}>
        {(list) => (
          <Stack gap="sm">
            {list.map((team) => (
              <TeamMailbox key={team.id} team={team} />
            ))}
          </Stack>
        )}
      </QueryState>
    </Stack>
  );
}
