import type { Conversation } from '@accueil/domain';
import { Menu } from '@mantine/core';
import {
  IconArchive,
  IconArchiveOff,
  IconMail,
  IconMailOpened,
  IconPin,
  IconPinnedOff,
  IconTrash,
} from '@tabler/icons-react';
import { useIntl } from 'react-intl';
import type { MenuPartProps } from '../../components/lazy-menu';
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

/** A list row's actions: pin, read state, archive, delete (loaded by {@link ConversationRow}). */
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
