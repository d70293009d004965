import type { Conversation, ConversationListItem } from '@accueil/domain';
import { ActionIcon, Badge, Group, Highlight, Menu, Text } from '@mantine/core';
import {
  IconAlertTriangleFilled,
  IconArchive,
  IconArchiveOff,
  IconDotsVertical,
  IconMail,
  IconMailOpened,
  IconPin,
  IconPinFilled,
  IconPinnedOff,
  IconTrash,
} from '@tabler/icons-react';
import { useIntl } from 'react-intl';
import { ContactAvatar } from '../../components/contact-avatar';
import { formatRelativeDay } from '../../lib/format';
import { conversationTitle, messagePreview } from './display';
import { searchExcerpt } from './search-excerpt';
import classes from './conversations.module.css';
import type { ConversationAction } from './use-conversation-actions';

/** Props of {@link ConversationRow}. */
export interface ConversationRowProps {
  /** The conversation; a searched list's rows carry the matching message as `match`. */
  conversation: ConversationListItem;
  /** The search term to highlight ('' or absent: no search). */
  search?: string;
  /** Marks archived rows (a search shows both lists in one). */
  showArchived?: boolean;
  active: boolean;
  onOpen: (conversation: Conversation) => void;
  onAction: (conversation: Conversation, action: ConversationAction) => void;
  onDelete: (conversation: Conversation) => void;
}

/**
 * §2 One row of the list: avatar, name or number, last message preview, time (today → HH:mm,
 * else DD / MM / YYYY), unread dot and bold name, pin icon, a mark when the last text failed,
 * and a menu of row actions. In a search, the matching message replaces the last one (with
 * its time), the term is highlighted, and archived rows say so.
 */
export function ConversationRow({ conversation, search = '', showArchived = false, active, onOpen, onAction, onDelete }: ConversationRowProps) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const unread = Boolean(conversation.attributes.hasNotification);
  const pinned = Boolean(conversation.attributes.pinned);
  const archived = conversation.status === 'inactive';
  const match = search ? conversation.match : null;
  const when = match?.createdAt ?? conversation.lastMessage?.createdAt ?? conversation.updatedAt;
  const lastFailed = conversation.lastMessage?.direction === 'outbound' && conversation.lastMessage.status === 'failed';
  return (
    <div
      className={classes.row}
      data-active={active || undefined}
      role="option"
      aria-selected={active}
      tabIndex={0}
      onClick={() => onOpen(conversation)}
      onKeyDown={(e) => {
        if (e.key === 'Enter') onOpen(conversation);
      }}
    >
      <ContactAvatar
        name={conversation.contact?.fullname}
        phone={conversation.friendlyName}
        business={conversation.contact?.business}
      />
      <div className={classes.rowBody}>
        <Group gap={6} wrap="nowrap" justify="space-between">
          <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
            <Highlight highlight={search} size="sm" fw={unread ? 700 : 500} truncate="end">
              {conversationTitle(conversation, intl)}
            </Highlight>
            {showArchived && archived && (
              <Badge size="xs" variant="light" color="gray" style={{ flex: 'none' }}>
                {t('conversations.row.archived')}
              </Badge>
            )}
          </Group>
          <Text
            size="xs"
            c={unread ? 'var(--mantine-primary-color-filled)' : 'dimmed'}
            fw={unread ? 600 : 400}
            style={{ flex: 'none' }}
          >
            {formatRelativeDay(when)}
          </Text>
        </Group>
        <Group gap={6} wrap="nowrap" justify="space-between" mt={2}>
          {lastFailed && (
            <IconAlertTriangleFilled
              role="img"
              size={14}
              aria-label={t('conversations.row.failed')}
              color="var(--mantine-color-red-7)"
              title={t('conversations.row.failed')}
              style={{ flex: 'none' }}
            />
          )}
          <Highlight
            highlight={search}
            size="sm"
            c={unread ? undefined : 'dimmed'}
            fw={unread ? 600 : 400}
            truncate="end"
            style={{ flex: 1, minWidth: 0 }}
          >
            {match ? searchExcerpt(match.body, search) : messagePreview(conversation.lastMessage, intl)}
          </Highlight>
          <Group gap={4} wrap="nowrap" style={{ flex: 'none' }}>
            {pinned && !archived && (
              <IconPinFilled
                size={14}
                aria-label={t('conversations.row.pinned')}
                color="var(--mantine-color-dimmed)"
              />
            )}
            {unread && <span className={classes.unreadDot} aria-label={t('conversations.row.unread')} />}
          </Group>
        </Group>
      </div>
      <Menu position="bottom-end" withinPortal shadow="md">
        <Menu.Target>
          <ActionIcon
            className={classes.rowMenu}
            variant="subtle"
            color="gray"
            aria-label={t('conversations.row.actions')}
            onClick={(e) => e.stopPropagation()}
          >
            <IconDotsVertical size={16} />
          </ActionIcon>
        </Menu.Target>
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
          <Menu.Divider />
          <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={() => onDelete(conversation)}>
            {t('conversations.action.delete')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </div>
  );
}
