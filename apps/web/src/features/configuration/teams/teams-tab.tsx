import type { TeamConfig } from '@accueil/domain';
import { Badge, Button, Group, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconUsersGroup } from '@tabler/icons-react';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSession } from '../../../lib/session';
import { useAbility } from '../../../lib/use-ability';
import { ConfigHeader, QueryState } from '../../../lib/config-kit';
import { useDirectory, useTeams } from './use-teams-users';
import { TeamDialog } from './team-dialog';

/**
 * Configuration, Teams: the organisation's teams (label, e-mail, number, default inbox,
 * members and administrators). Every user sees their teams and the other teams, which only an
 * administrator can add them to; the organisation's administrators create and edit teams, and a
 * team's administrators manage its members (the server enforces each rule).
 */
export default function TeamsTab() {
  const intl = useIntl();
  const canManage = useAbility('configuration.edit');
  const [editing, setEditing] = useState<TeamConfig | 'new' | null>(null);
  const teams = useTeams();
  const directory = useDirectory();

  return (
    <QueryState query={teams} errorText={intl.formatMessage({ id: 'teamsUsers.teams.loadFailed' })}>
      {(list) => {
        const mine = list.filter((t) => t.isMember);
        const others = list.filter((t) => !t.isMember);
        const current =
          editing === 'new' || editing === null ? editing : (list.find((t) => t.id === editing.id) ?? null);
        return (
          <Stack gap="lg">
            <ConfigHeader
              title={<FormattedMessage id="teamsUsers.teams.title" />}
              intro={<FormattedMessage id="teamsUsers.teams.intro" />}
              addLabel={<FormattedMessage id="teamsUsers.teams.new" />}
              onAdd={canManage ? () => setEditing('new') : undefined}
            />
            <TeamTable
              titleId="teamsUsers.teams.mine"
              teams={mine}
              canManage={canManage}
              onOpen={setEditing}
            />
            <TeamTable
              titleId="teamsUsers.teams.others"
              teams={others}
              canManage={canManage}
              onOpen={setEditing}
            />
            {!canManage && others.length > 0 && (
              <Text size="sm" c="dimmed">
                <FormattedMessage id="teamsUsers.teams.othersHint" />
              </Text>
            )}
            {current !== null && (
              <TeamDialog
                team={current}
                directory={directory.data ?? []}
                canManage={canManage}
                onClose={() => setEditing(null)}
              />
            )}
          </Stack>
        );
      }}
    </QueryState>
  );
}

function TeamTable({
  titleId,
  teams,
  canManage,
  onOpen,
}: {
  titleId: string;
  teams: TeamConfig[];
  canManage: boolean;
  onOpen: (t: TeamConfig) => void;
}) {
  const intl = useIntl();
  const me = useSession().context?.user;
  if (teams.length === 0) return null;
  const title = intl.formatMessage({ id: titleId });
  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        {title}
      </Title>
      <Table withTableBorder verticalSpacing="sm" highlightOnHover aria-label={title}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w="26%">
              <FormattedMessage id="teamsUsers.teams.label" />
            </Table.Th>
            <Table.Th>
              <FormattedMessage id="teamsUsers.teams.contact" />
            </Table.Th>
            <Table.Th>
              <FormattedMessage id="teamsUsers.teams.defaultInbox" />
            </Table.Th>
            <Table.Th>
              <FormattedMessage id="teamsUsers.teams.members" />
            </Table.Th>
            <Table.Th w={130}>
              <VisuallyHidden>
                <FormattedMessage id="teamsUsers.actions" />
              </VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {teams.map((team) => {
            const administrators = team.members.filter((m) => m.administrator);
            const mayOpen = canManage || team.isAdministrator;
            return (
              <Table.Tr key={team.id}>
                <Table.Td>
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
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{team.email ?? '—'}</Text>
                  <Text size="xs" c="dimmed">
                    {team.phoneNumber ?? ''}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">
                    <FormattedMessage id={`teamsUsers.inbox.${team.defaultInbox}`} />
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">
                    <FormattedMessage
                      id="teamsUsers.teams.memberCount"
                      values={{ count: team.members.length }}
                    />
                  </Text>
                  <Text size="xs" c="dimmed">
                    <FormattedMessage
                      id="teamsUsers.teams.administrators"
                      values={{
                        names:
                          administrators
                            .map((a) =>
                              a.userId === me?.id
                                ? intl.formatMessage({ id: 'teamsUsers.you' })
                                : a.displayName,
                            )
                            .join(', ') || '—',
                      }}
                    />
                  </Text>
                </Table.Td>
                <Table.Td>
                  {mayOpen && (
                    <Button
                      variant="default"
                      size="xs"
                      leftSection={<IconUsersGroup size={14} />}
                      onClick={() => onOpen(team)}
                      // The visible word first, then the team: the name speech input users say matches what they see.
                      aria-label={`${intl.formatMessage({ id: canManage ? 'teamsUsers.teams.edit' : 'teamsUsers.teams.manageMembers' })} ${team.label}`}
                    >
                      <FormattedMessage
                        id={canManage ? 'teamsUsers.teams.edit' : 'teamsUsers.teams.manageMembers'}
                      />
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
