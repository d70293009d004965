import type { UserAccount } from '@accueil/domain';
import { Badge, Text } from '@mantine/core';
import { FormattedMessage } from 'react-intl';
import type { ConfigColumn } from '../../../lib/config-kit';

/**
 * The columns of the users list: name (with "you" on `me`'s row) and username, e-mail, role,
 * teams (their labels from `teamLabels`, by id) and state (active or disabled).
 */
export function userColumns(
  me: string | undefined,
  teamLabels: ReadonlyMap<string, string>,
): ConfigColumn<UserAccount>[] {
  return [
    {
      key: 'name',
      header: <FormattedMessage id="teamsUsers.users.name" />,
      render: (user) => (
        <>
          <Text size="sm" fw={600}>
            {user.displayName}
            {user.id === me && (
              <Text span size="xs" c="dimmed" fw={400}>
                {' '}
                (<FormattedMessage id="teamsUsers.you" />)
              </Text>
            )}
          </Text>
          <Text size="xs" c="dimmed">
            {user.username}
          </Text>
        </>
      ),
    },
    {
      key: 'email',
      header: <FormattedMessage id="teamsUsers.users.email" />,
      // A narrow screen breaks the address after its @, not anywhere.
      render: (user) => (
        <Text size="sm">
          {user.email.split('@')[0]}@<wbr />
          {user.email.split('@').slice(1).join('@')}
        </Text>
      ),
    },
    {
      key: 'role',
      header: <FormattedMessage id="teamsUsers.users.role" />,
      // At its full width: a badge's label may overflow, so a squeezed table (1024 px) cut it to "A."
      render: (user) => (
        <Badge variant="light" color={user.role === 'user' ? 'gray' : 'blue'} miw="max-content">
          <FormattedMessage id={`teamsUsers.role.${user.role}`} />
        </Badge>
      ),
    },
    {
      key: 'teams',
      header: <FormattedMessage id="teamsUsers.users.teams" />,
      render: (user) => (
        <Text size="sm">
          {user.teams
            .map((t) => teamLabels.get(t.teamId) ?? '')
            .filter(Boolean)
            .join(', ') || '—'}
        </Text>
      ),
    },
    {
      key: 'state',
      header: <FormattedMessage id="teamsUsers.users.state" />,
      render: (user) => (
        <Badge variant="dot" color={user.disabledAt ? 'red' : 'teal'} miw="max-content">
          <FormattedMessage
            id={user.disabledAt ? 'teamsUsers.users.stateDisabled' : 'teamsUsers.users.stateActive'}
          />
        </Badge>
      ),
    },
  ];
}
