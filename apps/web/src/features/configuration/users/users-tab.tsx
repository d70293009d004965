import type { TeamConfig, UserAccount } from '@accueil/domain';
import { ActionIcon, Badge, Menu, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import {
  IconDots,
  IconMailForward,
  IconPencil,
  IconPlugConnectedX,
  IconUserCheck,
  IconUserOff,
} from '@tabler/icons-react';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useCurrentUser } from '../../../lib/session';
import { ConfigHeader, confirmAction, QueryState } from '../../../lib/config-kit';
import { useTeams, useUserAction, useUsers } from '../teams/use-teams-users';
import { UserDialog } from './user-dialog';

/**
 * Configuration, Users (administrators): the organisation's accounts with their role, teams
 * and state; an administrator adds a user (with a password), edits one, forces them out
 * (every session and socket ends within a second, their tabs show the forced-disconnect
 * dialog), disables or enables them. Each action is confirmed first.
 */
export default function UsersTab() {
  const intl = useIntl();
  const me = useCurrentUser();
  const [editing, setEditing] = useState<UserAccount | 'new' | null>(null);
  const users = useUsers();
  const teams = useTeams();
  const action = useUserAction();

  if (!users.data || !teams.data)
    return (
      <QueryState
        query={{ isPending: users.isPending || teams.isPending, isError: true, data: undefined }}
        errorText={intl.formatMessage({ id: 'teamsUsers.users.loadFailed' })}
      />
    );
  const labels = new Map(teams.data.map((t: TeamConfig) => [t.id, t.label]));

  async function act(user: UserAccount, kind: 'force' | 'disable' | 'enable' | 'invite') {
    const ids = {
      invite: {
        titleId: 'teamsUsers.users.inviteTitle',
        bodyId: 'teamsUsers.users.inviteBody',
        confirmId: 'teamsUsers.users.invite',
        done: 'teamsUsers.users.inviteSent',
      },
      force: {
        titleId: 'teamsUsers.users.forceTitle',
        bodyId: 'teamsUsers.users.forceBody',
        confirmId: 'teamsUsers.users.force',
        done: 'teamsUsers.users.forced',
      },
      disable: {
        titleId: 'teamsUsers.users.disableTitle',
        bodyId: 'teamsUsers.users.disableBody',
        confirmId: 'teamsUsers.users.disable',
        done: 'teamsUsers.users.disabled',
      },
      enable: {
        titleId: 'teamsUsers.users.enableTitle',
        bodyId: 'teamsUsers.users.enableBody',
        confirmId: 'teamsUsers.users.enable',
        done: 'teamsUsers.users.enabled',
      },
    }[kind];
    const ok = await confirmAction({
      ...ids,
      values: { name: user.displayName, email: user.email },
      danger: kind === 'force' || kind === 'disable',
    });
    if (ok) action.mutate({ user, kind, doneId: ids.done });
  }

  const current =
    editing === 'new' || editing === null ? editing : (users.data.find((u) => u.id === editing.id) ?? null);
  return (
    <Stack gap="lg">
      <ConfigHeader
        title={<FormattedMessage id="teamsUsers.users.title" />}
        intro={<FormattedMessage id="teamsUsers.users.intro" />}
        addLabel={<FormattedMessage id="teamsUsers.users.new" />}
        onAdd={() => setEditing('new')}
      />
      {/* Narrower than its columns (1024 px beside the menu and the tabs), the table scrolls instead of cutting the actions off. */}
      <Table.ScrollContainer minWidth={640}>
        <Table
          withTableBorder
          verticalSpacing="sm"
          highlightOnHover
          aria-label={intl.formatMessage({ id: 'teamsUsers.users.title' })}
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th>
                <FormattedMessage id="teamsUsers.users.name" />
              </Table.Th>
              <Table.Th>
                <FormattedMessage id="teamsUsers.users.email" />
              </Table.Th>
              <Table.Th>
                <FormattedMessage id="teamsUsers.users.role" />
              </Table.Th>
              <Table.Th>
                <FormattedMessage id="teamsUsers.users.teams" />
              </Table.Th>
              <Table.Th>
                <FormattedMessage id="teamsUsers.users.state" />
              </Table.Th>
              <Table.Th w={60}>
                <VisuallyHidden>
                  <FormattedMessage id="teamsUsers.actions" />
                </VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {users.data.map((user) => {
              const self = user.id === me?.id;
              return (
                <Table.Tr key={user.id} data-testid={`user-row-${user.username}`}>
                  <Table.Td>
                    <Text size="sm" fw={600}>
                      {user.displayName}
                      {self && (
                        <Text span size="xs" c="dimmed" fw={400}>
                          {' '}
                          (<FormattedMessage id="teamsUsers.you" />)
                        </Text>
                      )}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {user.username}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    {/* A narrow screen breaks the address after its @, not anywhere. */}
                    <Text size="sm">
                      {user.email.split('@')[0]}@<wbr />
                      {user.email.split('@').slice(1).join('@')}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    {/* At its full width: a badge's label may overflow, so a squeezed table (1024 px) cut it to "A." */}
                    <Badge variant="light" color={user.role === 'user' ? 'gray' : 'blue'} miw="max-content">
                      <FormattedMessage id={`teamsUsers.role.${user.role}`} />
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">
                      {user.teams
                        .map((t) => labels.get(t.teamId) ?? '')
                        .filter(Boolean)
                        .join(', ') || '—'}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="dot" color={user.disabledAt ? 'red' : 'teal'} miw="max-content">
                      <FormattedMessage
                        id={
                          user.disabledAt ? 'teamsUsers.users.stateDisabled' : 'teamsUsers.users.stateActive'
                        }
                      />
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Menu position="bottom-end" withinPortal>
                      <Menu.Target>
                        <ActionIcon
                          variant="subtle"
                          color="gray"
                          aria-label={intl.formatMessage(
                            { id: 'teamsUsers.users.actionsOf' },
                            { name: user.displayName },
                          )}
                        >
                          <IconDots size={18} />
                        </ActionIcon>
                      </Menu.Target>
                      <Menu.Dropdown>
                        <Menu.Item leftSection={<IconPencil size={16} />} onClick={() => setEditing(user)}>
                          <FormattedMessage id="teamsUsers.users.edit" />
                        </Menu.Item>
                        {!self && !user.disabledAt && (
                          <Menu.Item
                            leftSection={<IconMailForward size={16} />}
                            onClick={() => void act(user, 'invite')}
                          >
                            <FormattedMessage id="teamsUsers.users.invite" />
                          </Menu.Item>
                        )}
                        {!self && !user.disabledAt && (
                          <Menu.Item
                            leftSection={<IconPlugConnectedX size={16} />}
                            onClick={() => void act(user, 'force')}
                          >
                            <FormattedMessage id="teamsUsers.users.force" />
                          </Menu.Item>
                        )}
                        {!self &&
                          (user.disabledAt ? (
                            <Menu.Item
                              leftSection={<IconUserCheck size={16} />}
                              onClick={() => void act(user, 'enable')}
                            >
                              <FormattedMessage id="teamsUsers.users.enable" />
                            </Menu.Item>
                          ) : (
                            <Menu.Item
                              color="red"
                              leftSection={<IconUserOff size={16} />}
                              onClick={() => void act(user, 'disable')}
                            >
                              <FormattedMessage id="teamsUsers.users.disable" />
                            </Menu.Item>
                          ))}
                      </Menu.Dropdown>
                    </Menu>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {current !== null && (
        <UserDialog
          account={current === 'new' ? null : current}
          teams={teams.data}
          onClose={() => setEditing(null)}
        />
      )}
    </Stack>
  );
}
