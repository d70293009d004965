import type { Conversation } from '@accueil/domain';
import { ActionIcon, Menu, Text, Tooltip } from '@mantine/core';
import { IconAlarm, IconAlarmOff, IconCalendarTime, IconClock } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { formatSnoozeEnd, snoozeChoices } from './snooze-times';
import { ariaShortcut, focusMenu, onInboxCommand } from './shortcuts/inbox-shortcuts';
import { ShortcutLabel } from './shortcuts/shortcut-label';
import { useOrganizationTimeZone, useSnooze } from './use-snooze';

/** Props of {@link SnoozeItems}. */
export interface SnoozeItemsProps {
  conversation: Conversation;
  onSnooze: (until: Date) => void;
  onUnsnooze: () => void;
}

/**
 * The snooze choices inside a menu (docs/behaviour/snooze.md): later today 18:00, tomorrow 8:00,
 * next Monday 8:00 (each with its time, the organisation's clock), "Choose a date and time…"
 * (a dialog with a date-time picker, loaded when chosen) and, for a snoozed conversation,
 * "Unsnooze".
 */
export function SnoozeItems({ conversation, onSnooze, onUnsnooze }: SnoozeItemsProps) {
  const intl = useIntl();
  const timeZone = useOrganizationTimeZone();
  // Read when the menu opens: the choices depend on the time.
  const [choices] = useState(() => snoozeChoices(new Date(), timeZone));
  const t = (id: string) => intl.formatMessage({ id });
  return (
    <>
      {choices.map((choice) => (
        <Menu.Item
          key={choice.key}
          leftSection={<IconClock size={16} />}
          data-testid={`snooze-${choice.key}`}
          rightSection={
            <Text size="xs" c="dimmed" ml="md">
              {formatSnoozeEnd(intl, choice.at, timeZone)}
            </Text>
          }
          onClick={() => onSnooze(choice.at)}
        >
          {t(`conversations.snooze.${choice.key}`)}
        </Menu.Item>
      ))}
      <Menu.Item
        leftSection={<IconCalendarTime size={16} />}
        data-testid="snooze-custom"
        onClick={() =>
          void import('./snooze-dialog').then((m) =>
            m.openSnoozeDialog({ timeZone, initial: conversation.snoozedUntil ?? null, onSnooze }),
          )
        }
      >
        {t('conversations.snooze.custom')}
      </Menu.Item>
      {conversation.snoozedUntil && (
        <>
          <Menu.Divider />
          <Menu.Item leftSection={<IconAlarmOff size={16} />} data-testid="unsnooze" onClick={onUnsnooze}>
            {t('conversations.snooze.unsnooze')}
          </Menu.Item>
        </>
      )}
    </>
  );
}

/** The header's "Snooze" button and its menu of {@link SnoozeItems}; the `s` shortcut opens it. */
export function SnoozeMenu({ conversation }: { conversation: Conversation }) {
  const intl = useIntl();
  const { snooze, unsnooze } = useSnooze();
  const label = intl.formatMessage({ id: 'conversations.snooze.button' });
  const [opened, setOpened] = useState(false);
  useEffect(
    () =>
      onInboxCommand('snooze', () => {
        setOpened(true);
        focusMenu('[data-testid="snooze-menu"]');
      }),
    [],
  );
  return (
    <Menu opened={opened} onChange={setOpened} position="bottom-end" withinPortal shadow="md">
      <Menu.Target>
        <Tooltip label={<ShortcutLabel label={label} shortcut="snooze" />} withArrow>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            aria-label={label}
            aria-keyshortcuts={ariaShortcut('snooze')}
            data-testid="snooze-button"
          >
            <IconAlarm size={20} />
          </ActionIcon>
        </Tooltip>
      </Menu.Target>
      <Menu.Dropdown data-testid="snooze-menu">
        <SnoozeItems
          conversation={conversation}
          onSnooze={(until) => snooze(conversation, until)}
          onUnsnooze={() => unsnooze(conversation)}
        />
      </Menu.Dropdown>
    </Menu>
  );
}
