import type { SessionContext } from '@accueil/domain';
import { Badge, Group, Menu, Text } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { MenuPartProps } from '../../components/lazy-menu';
import { formatPhone } from '../../lib/format';
import { useTeamUnreadCounts } from '../../features/labels/use-team-unread-counts';

/** Props of {@link TeamMenu}. */
export interface TeamMenuProps extends MenuPartProps {
  teams: SessionContext['userGroups'];
  currentId: string | undefined;
  onChoose: (teamId: string) => void;
}

/**
 * The team switcher's menu: the person's teams, the current one checked, each with its count of
 * unread active conversations, live (docs/behaviour/labels.md; loaded by {@link TeamSwitcher}).
 */
export function TeamMenu({ target, opened, onChange, teams, currentId, onChoose }: TeamMenuProps) {
  const intl = useIntl();
  const counts = useTeamUnreadCounts(opened).data;
  return (
    <Menu position="bottom-start" width={232} shadow="md" withinPortal opened={opened} onChange={onChange}>
      <Menu.Target>{target}</Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <FormattedMessage id="shell.team.switchTo" />
        </Menu.Label>
        {teams.map((team) => (
          <Menu.Item
            key={team.id}
            onClick={() => onChoose(team.id)}
            rightSection={team.id === currentId ? <IconCheck size={14} /> : null}
            data-testid={`team-option-${team.id}`}
          >
            <Group gap={6} wrap="nowrap" justify="space-between">
              <Text size="sm" fw={team.id === currentId ? 600 : 400} truncate="end">
                {team.label}
              </Text>
              {counts?.[team.id] ? (
                <Badge
                  size="sm"
                  variant="filled"
                  style={{ flex: 'none' }}
                  data-testid={`team-unread-${team.id}`}
                  aria-label={intl.formatMessage({ id: 'labels.teamUnread' }, { count: counts[team.id] })}
                >
                  {counts[team.id]! > 99 ? '99+' : counts[team.id]}
                </Badge>
              ) : null}
            </Group>
            {team.phoneNumber && (
              <Text size="xs" c="dimmed">
                {formatPhone(team.phoneNumber)}
              </Text>
            )}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
