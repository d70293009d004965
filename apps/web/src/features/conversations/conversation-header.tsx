import type { Conversation } from '@accueil/domain';
import { ActionIcon, Group, Text, Tooltip } from '@mantine/core';
import {
  IconArchive,
  IconArchiveOff,
  IconLayoutSidebarRightCollapse,
  IconLayoutSidebarRightExpand,
  IconMail,
  IconMailOpened,
  IconPin,
  IconPinnedOff,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { ContactAvatar } from '../../components/contact-avatar';
import { formatPhone } from '../../lib/format';
import { CallButton } from '../calls/call-button';
import classes from './conversations.module.css';
import { conversationTitle } from './display';
import type { ConversationAction } from './use-conversation-actions';

/** Props of {@link ConversationHeader}. */
export interface ConversationHeaderProps {
  conversation: Conversation;
  onAction: (action: ConversationAction) => void;
  panelOpen: boolean;
  onTogglePanel: () => void;
}

function HeaderAction({
  label,
  onClick,
  children,
}: {
  label: string;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Tooltip label={label} withArrow>
      <ActionIcon variant="subtle" color="gray" size="lg" aria-label={label} onClick={onClick}>
        {children}
      </ActionIcon>
    </Tooltip>
  );
}

/** Header of the open conversation: avatar, name, number, and pin / archive / read actions. */
export function ConversationHeader({
  conversation,
  onAction,
  panelOpen,
  onTogglePanel,
}: ConversationHeaderProps) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const pinned = Boolean(conversation.attributes.pinned);
  const unread = Boolean(conversation.attributes.hasNotification);
  const archived = conversation.status === 'inactive';
  const title = conversationTitle(conversation, intl);
  const phone = formatPhone(conversation.friendlyName);
  return (
    <header className={classes.viewHeader}>
      <ContactAvatar
        name={conversation.contact?.fullname}
        phone={conversation.friendlyName}
        business={conversation.contact?.business}
      />
      <div style={{ flex: 1, minWidth: 0 }}>
        <Text fw={700} truncate="end">
          {title}
        </Text>
        <Text size="sm" c="dimmed" truncate="end">
          {conversation.contact ? phone : t('conversations.contact.unknown')}
          {archived && ` · ${t('conversations.header.archived')}`}
        </Text>
      </div>
      <Group gap={4} wrap="nowrap">
        <CallButton phone={conversation.friendlyName} />
        {!archived && (
          <HeaderAction
            label={t(pinned ? 'conversations.action.unpin' : 'conversations.action.pin')}
            onClick={() => onAction(pinned ? 'unpin' : 'pin')}
          >
            {pinned ? <IconPinnedOff size={20} /> : <IconPin size={20} />}
          </HeaderAction>
        )}
        <HeaderAction
          label={t(unread ? 'conversations.action.markRead' : 'conversations.action.markUnread')}
          onClick={() => onAction(unread ? 'mark-read' : 'mark-unread')}
        >
          {unread ? <IconMailOpened size={20} /> : <IconMail size={20} />}
        </HeaderAction>
        <HeaderAction
          label={t(archived ? 'conversations.action.unarchive' : 'conversations.action.archive')}
          onClick={() => onAction(archived ? 'unarchive' : 'archive')}
        >
          {archived ? <IconArchiveOff size={20} /> : <IconArchive size={20} />}
        </HeaderAction>
        <HeaderAction
          label={t(panelOpen ? 'conversations.panel.hide' : 'conversations.panel.show')}
          onClick={onTogglePanel}
        >
          {panelOpen ? (
            <IconLayoutSidebarRightCollapse size={20} />
          ) : (
            <IconLayoutSidebarRightExpand size={20} />
          )}
        </HeaderAction>
      </Group>
    </header>
  );
}
