import type { PresenceStatus } from '@accueil/domain';
import { Menu, Text } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import type { MenuPartProps } from '../../components/lazy-menu';
import { PresenceDot } from './presence-dot';

/** What the user may choose: being connected, they are never offline. */
export const PRESENCE_CHOICES = ['online', 'away', 'busy'] as const satisfies readonly PresenceStatus[];

/** Props of {@link PresenceMenuPart}. */
export interface PresenceMenuPartProps extends MenuPartProps {
  status: PresenceStatus;
  /** The menu's accessible name. */
  label: string;
  /** A presence's name in the interface's language. */
  name: (status: PresenceStatus) => string;
  onChoose: (status: PresenceStatus) => void;
}

/** The presences the user may choose, the current one checked (loaded by {@link PresenceMenu}). */
export function PresenceMenuPart({
  target,
  opened,
  onChange,
  status,
  label,
  name,
  onChoose,
}: PresenceMenuPartProps) {
  return (
    <Menu
      position="right-end"
      offset={12}
      width={210}
      shadow="md"
      withinPortal
      opened={opened}
      onChange={onChange}
    >
      <Menu.Target>{target}</Menu.Target>
      {/* Named by its label, not a Menu.Label: a menu holds menu items only (axe). */}
      <Menu.Dropdown aria-label={label}>
        {PRESENCE_CHOICES.map((choice) => (
          <Menu.Item
            key={choice}
            leftSection={<PresenceDot status={choice} />}
            rightSection={choice === status ? <IconCheck size={14} /> : null}
            onClick={() => onChoose(choice)}
            data-testid={`presence-option-${choice}`}
            aria-current={choice === status ? 'true' : undefined}
          >
            <Text size="sm" fw={choice === status ? 600 : 400}>
              {name(choice)}
            </Text>
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
