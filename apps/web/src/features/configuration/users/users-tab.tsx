import type { TeamConfig } from '@accueil/domain';
import { Stack } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import { useCurrentUser } from '../../../lib/session';
import { ConfigHeader, ConfigList, QueryState, useEditTarget } from '../../../lib/config-kit';
import { useTeams, useUsers } from '../teams/use-teams-users';
import { UserActionsMenu } from './user-actions-menu';
import { userColumns } from './user-columns';
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
  const users = useUsers();
  const teams = useTeams();
  const editing = useEditTarget(users.data);

  if (!users.data || !teams.data)
    return (
      <QueryState
        query={{ isPending: users.isPending || teams.isPending, isError: true, data: undefined }}
        errorText={intl.formatMessage({ id: 'teamsUsers.users.loadFailed' })}
      />
    );
  const labels = new Map(teams.data.map((t: TeamConfig) => [t.id, t.label]));
  return (
    <Stack gap="lg">
      <ConfigHeader
        title={<FormattedMessage id="teamsUsers.users.title" />}
        intro={<FormattedMessage id="teamsUsers.users.intro" />}
        addLabel={<FormattedMessage id="teamsUsers.users.new" />}
        onAdd={() => editing.open('new')}
      />
      {/* Narrower than its columns (1024 px beside the menu and the tabs), the table scrolls instead of cutting the actions off. */}
      <ConfigList
        label={intl.formatMessage({ id: 'teamsUsers.users.title' })}
        rows={users.data}
        rowKey={(u) => u.id}
        rowTestId={(u) => `user-row-${u.username}`}
        columns={userColumns(me?.id, labels)}
        withTableBorder
        highlightOnHover
        verticalSpacing="sm"
        actionsWidth={60}
        minWidth={640}
        actions={(user) => <UserActionsMenu user={user} self={user.id === me?.id} onEdit={editing.open} />}
      />
      {editing.current !== null && (
        <UserDialog
          account={editing.current === 'new' ? null : editing.current}
          teams={teams.data}
          onClose={editing.close}
        />
      )}
    </Stack>
  );
}
