import type { TeamConfig, UserDirectoryEntry } from '@accueil/domain';
import { ActionIcon, Stack, Switch, Table, Text, Title, Tooltip } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { confirmAction } from '../../../lib/config-kit';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { AddMemberForm } from './add-member-form';
import { putTeamMember, removeTeamMember } from './api';
import { useRefreshTeamsUsers } from './use-teams-users';

/**
 * A team's members: each with their administrator switch (organisation administrators only) and
 * their remove button (asks first), then the form adding a colleague. One change at a time.
 */
export function TeamMembers({
  team,
  directory,
  canManage,
}: {
  team: TeamConfig;
  directory: UserDirectoryEntry[];
  canManage: boolean;
}) {
  const intl = useIntl();
  const refresh = useRefreshTeamsUsers();
  const [busy, setBusy] = useState(false);

  async function run(action: () => Promise<unknown>, successId: string) {
    setBusy(true);
    try {
      await action();
      notifySuccess(intl.formatMessage({ id: successId }));
      await refresh();
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  }

  async function remove(userId: string, name: string) {
    const ok = await confirmAction({
      titleId: 'teamsUsers.members.removeTitle',
      bodyId: 'teamsUsers.members.removeBody',
      confirmId: 'teamsUsers.members.remove',
      values: { name, team: team.label },
      danger: true,
    });
    if (ok) await run(() => removeTeamMember(team.id, userId), 'teamsUsers.members.removed');
  }

  return (
    <Stack gap="sm">
      <Title order={3} size="h5">
        <FormattedMessage id="teamsUsers.teams.members" />
      </Title>
      <Table verticalSpacing={6} aria-label={intl.formatMessage({ id: 'teamsUsers.teams.members' })}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>
              <FormattedMessage id="teamsUsers.members.name" />
            </Table.Th>
            <Table.Th w={170}>
              <FormattedMessage id="teamsUsers.members.administrator" />
            </Table.Th>
            <Table.Th w={60} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {team.members.map((m) => {
            const removeLabel = intl.formatMessage(
              { id: 'teamsUsers.members.removeNamed' },
              { name: m.displayName },
            );
            return (
              <Table.Tr key={m.userId}>
                <Table.Td>
                  <Text size="sm">{m.displayName}</Text>
                </Table.Td>
                <Table.Td>
                  <Switch
                    checked={m.administrator}
                    disabled={!canManage || busy}
                    onChange={(e) =>
                      void run(
                        () => putTeamMember(team.id, m.userId, e.currentTarget.checked),
                        'teamsUsers.saved',
                      )
                    }
                    aria-label={intl.formatMessage(
                      { id: 'teamsUsers.members.administratorOf' },
                      { name: m.displayName },
                    )}
                  />
                </Table.Td>
                <Table.Td>
                  <Tooltip label={removeLabel}>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      disabled={busy}
                      onClick={() => void remove(m.userId, m.displayName)}
                      aria-label={removeLabel}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Tooltip>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      <AddMemberForm team={team} directory={directory} busy={busy} />
    </Stack>
  );
}
