import type { SessionContext } from '@accueil/domain';
import { Menu, Text } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { FormattedMessage } from 'react-intl';
import type { MenuPartProps } from '../../components/lazy-menu';
import { formatPhone } from '../../lib/format';

/** Props of {@link TeamMenu}. */
export interface TeamMenuProps extends MenuPartProps {
  teams: SessionContext['userGroups'];
  currentId: string | undefined;
  onChoose: (teamId: string) => void;
}

/** The team switcher's menu: the person's teams, the current one checked (loaded by {@link TeamSwitcher}). */
export function TeamMenu({ target, opened, onChange, teams, currentId, onChoose }: TeamMenuProps) {
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
            <Text size="sm" fw={team.id === currentId ? 600 : 400}>
              {team.label}
            </Text>
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
