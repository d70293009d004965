import type { TeamConfig } from '@accueil/domain';
import { Badge, Group, Text } from '@mantine/core';
import { FormattedMessage, type IntlShape } from 'react-intl';
import type { ConfigColumn } from '../../../lib/config-kit';

/**
 * The columns of a teams list: label (with the main and "you administer" badges), e-mail and
 * number, default inbox, members (their count and the administrators, `me` read as "you").
 */
export function teamColumns(intl: IntlShape, me: string | undefined): ConfigColumn<TeamConfig>[] {
  return [
    {
      key: 'label',
      header: <FormattedMessage id="teamsUsers.teams.label" />,
      width: '26%',
      render: (team) => (
        <Group gap={6} wrap="wrap">
          <Text fw={600} size="sm">
            {team.label}
          </Text>
          {team.main && (
            <Badge size="xs" variant="light" color="gray">
              <FormattedMessage id="teamsUsers.teams.main" />
            </Badge>
          )}
          {team.isAdministrator && (
            <Badge size="xs" variant="light">
              <FormattedMessage id="teamsUsers.teams.youAdminister" />
            </Badge>
          )}
        </Group>
      ),
    },
    {
      key: 'contact',
      header: <FormattedMessage id="teamsUsers.teams.contact" />,
      render: (team) => (
        <>
          <Text size="sm">{team.email ?? '—'}</Text>
          <Text size="xs" c="dimmed">
            {team.phoneNumber ?? ''}
          </Text>
        </>
      ),
    },
    {
      key: 'inbox',
      header: <FormattedMessage id="teamsUsers.teams.defaultInbox" />,
      render: (team) => (
        <Text size="sm">
          <FormattedMessage id={`teamsUsers.inbox.${team.defaultInbox}`} />
        </Text>
      ),
    },
    {
      key: 'members',
      header: <FormattedMessage id="teamsUsers.teams.members" />,
      render: (team) => (
        <>
          <Text size="sm">
            <FormattedMessage id="teamsUsers.teams.memberCount" values={{ count: team.members.length }} />
          </Text>
          <Text size="xs" c="dimmed">
            <FormattedMessage
              id="teamsUsers.teams.administrators"
              values={{
                names:
                  team.members
                    .filter((m) => m.administrator)
                    .map((a) =>
                      a.userId === me ? intl.formatMessage({ id: 'teamsUsers.you' }) : a.displayName,
                    )
                    .join(', ') || '—',
              }}
            />
          </Text>
        </>
      ),
    },
  ];
}
