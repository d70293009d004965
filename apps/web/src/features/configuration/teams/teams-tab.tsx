import type { TeamConfig } from '@accueil/domain';
import { Button, Stack, Text, Title } from '@mantine/core';
import { IconUsersGroup } from '@tabler/icons-react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSession } from '../../../lib/session';
import { useAbility } from '../../../lib/use-ability';
import { ConfigHeader, ConfigList, QueryState, useEditTarget } from '../../../lib/config-kit';
import { useDirectory, useTeams } from './use-teams-users';
import { TeamDialog } from './team-dialog';
import { teamColumns } from './team-columns';

/**
 * Configuration, Teams: the organisation's teams (label, e-mail, number, default inbox,
 * members and administrators). Every user sees their teams and the other teams, which only an
 * administrator can add them to; the organisation's administrators create and edit teams, and a
 * team's administrators manage its members (the server enforces each rule).
 */
export default function TeamsTab() {
  const intl = useIntl();
  const canManage = useAbility('configuration.edit');
  const teams = useTeams();
  const directory = useDirectory();
  const editing = useEditTarget(teams.data);

  return (
    <QueryState query={teams} errorText={intl.formatMessage({ id: 'teamsUsers.teams.loadFailed' })}>
      {(list) => {
        const others = list.filter((t) => !t.isMember);
        return (
          <Stack gap="lg">
            <ConfigHeader
              title={<FormattedMessage id="teamsUsers.teams.title" />}
              intro={<FormattedMessage id="teamsUsers.teams.intro" />}
              addLabel={<FormattedMessage id="teamsUsers.teams.new" />}
              onAdd={canManage ? () => editing.open('new') : undefined}
            />
            <TeamTable
              titleId="teamsUsers.teams.mine"
              teams={list.filter((t) => t.isMember)}
              canManage={canManage}
              onOpen={editing.open}
            />
            <TeamTable
              titleId="teamsUsers.teams.others"
              teams={others}
              canManage={canManage}
              onOpen={editing.open}
            />
            {!canManage && others.length > 0 && (
              <Text size="sm" c="dimmed">
                <FormattedMessage id="teamsUsers.teams.othersHint" />
              </Text>
            )}
            {editing.current !== null && (
              <TeamDialog
                team={editing.current}
                directory={directory.data ?? []}
                canManage={canManage}
                onClose={editing.close}
              />
            )}
          </Stack>
        );
      }}
    </QueryState>
  );
}

/** One list of teams under its title (nothing when empty); a team opens when the user may edit it or manage its members. */
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
  const me = useSession().context?.user.id;
  if (teams.length === 0) return null;
  const title = intl.formatMessage({ id: titleId });
  const open = canManage ? 'teamsUsers.teams.edit' : 'teamsUsers.teams.manageMembers';
  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        {title}
      </Title>
      <ConfigList
        label={title}
        rows={teams}
        rowKey={(t) => t.id}
        columns={teamColumns(intl, me)}
        withTableBorder
        highlightOnHover
        verticalSpacing="sm"
        actionsWidth={130}
        actions={(team) =>
          (canManage || team.isAdministrator) && (
            <Button
              variant="default"
              size="xs"
              leftSection={<IconUsersGroup size={14} />}
              onClick={() => onOpen(team)}
              // The visible word first, then the team: the name speech input users say matches what they see.
              aria-label={`${intl.formatMessage({ id: open })} ${team.label}`}
            >
              <FormattedMessage id={open} />
            </Button>
          )
        }
      />
    </Stack>
  );
}
