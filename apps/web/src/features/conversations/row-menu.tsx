import type { Conversation } from '@accueil/domain';
import { Menu } from '@mantine/core';
import {
  IconAlarm,
  IconArchive,
  IconArchiveOff,
  IconMail,
  IconMailOpened,
  IconPin,
  IconPinnedOff,
  IconTag,
  IconTrash,
  IconUserPlus,
} from '@tabler/icons-react';
import { useIntl } from 'react-intl';
import type { MenuPartProps } from '../../components/lazy-menu';
import { LabelPicker } from '../labels/label-picker';
import { AssigneeItems } from './assign-menu';
import { SnoozeItems } from './snooze-menu';
import { useAssign } from './use-assign';
import { useSnooze } from './use-snooze';
import type { ConversationAction } from './use-conversation-actions';

/** Props of {@link RowMenu}. */
export interface RowMenuProps extends MenuPartProps {
  conversation: Conversation;
  pinned: boolean;
  unread: boolean;
  archived: boolean;
  canDelete: boolean;
  /** Called when the menu closes (the row takes the focus back when it was opened by keyboard). */
  onClose: () => void;
  onAction: (conversation: Conversation, action: ConversationAction) => void;
  onDelete: (conversation: Conversation) => void;
}

/**
 * A list row's actions: pin, read state, archive, snooze (a submenu of ends:
 * docs/behaviour/snooze.md), assign (a submenu of the team's members:
 * → or Enter opens it), labels (a checkable list with a search: docs/behaviour/labels.md),
 * delete (loaded by {@link ConversationRow}).
 */
export function RowMenu({
  target,
  opened,
  onChange,
  onClose,
  conversation,
  pinned,
  unread,
  archived,
  canDelete,
  onAction,
  onDelete,
}: RowMenuProps) {
  const intl = useIntl();
  const assign = useAssign();
  const { snooze, unsnooze } = useSnooze();
  const t = (id: string) => intl.formatMessage({ id });
  return (
    <Menu
      position="bottom-end"
      withinPortal
      shadow="md"
      opened={opened}
      onChange={onChange}
      returnFocus={false}
      onClose={onClose}
    >
      <Menu.Target>{target}</Menu.Target>
      <Menu.Dropdown onClick={(e) => e.stopPropagation()}>
        {!archived && (
          <Menu.Item
            leftSection={pinned ? <IconPinnedOff size={16} /> : <IconPin size={16} />}
            onClick={() => onAction(conversation, pinned ? 'unpin' : 'pin')}
          >
            {t(pinned ? 'conversations.action.unpin' : 'conversations.action.pin')}
          </Menu.Item>
        )}
        <Menu.Item
          leftSection={unread ? <IconMailOpened size={16} /> : <IconMail size={16} />}
          onClick={() => onAction(conversation, unread ? 'mark-read' : 'mark-unread')}
        >
          {t(unread ? 'conversations.action.markRead' : 'conversations.action.markUnread')}
        </Menu.Item>
        <Menu.Item
          leftSection={archived ? <IconArchiveOff size={16} /> : <IconArchive size={16} />}
          onClick={() => onAction(conversation, archived ? 'unarchive' : 'archive')}
        >
          {t(archived ? 'conversations.action.unarchive' : 'conversations.action.archive')}
        </Menu.Item>
        <Menu.Sub position="left-start">
          <Menu.Sub.Target>
            <Menu.Sub.Item leftSection={<IconAlarm size={16} />} data-testid="row-snooze">
              {t('conversations.snooze.button')}
            </Menu.Sub.Item>
          </Menu.Sub.Target>
          <Menu.Sub.Dropdown>
            <SnoozeItems
              conversation={conversation}
              onSnooze={(until) => snooze(conversation, until)}
              onUnsnooze={() => unsnooze(conversation)}
            />
          </Menu.Sub.Dropdown>
        </Menu.Sub>
        <Menu.Sub position="left-start">
          <Menu.Sub.Target>
            <Menu.Sub.Item leftSection={<IconUserPlus size={16} />}>
              {t('conversations.assign.button')}
            </Menu.Sub.Item>
          </Menu.Sub.Target>
          <Menu.Sub.Dropdown mah={360} style={{ overflowY: 'auto' }}>
            <AssigneeItems conversation={conversation} onAssign={(a) => assign(conversation, a)} />
          </Menu.Sub.Dropdown>
        </Menu.Sub>
        <Menu.Sub position="left-start">
          <Menu.Sub.Target>
            <Menu.Sub.Item leftSection={<IconTag size={16} />} data-testid="row-labels">
              {t('labels.button')}
            </Menu.Sub.Item>
          </Menu.Sub.Target>
          <Menu.Sub.Dropdown>
            <LabelPicker conversation={conversation} />
          </Menu.Sub.Dropdown>
        </Menu.Sub>
        {canDelete && (
          <>
            <Menu.Divider />
            <Menu.Item
              color="red"
              leftSection={<IconTrash size={16} />}
              onClick={() => onDelete(conversation)}
            >
              {t('conversations.action.delete')}
            </Menu.Item>
          </>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
