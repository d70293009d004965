import type { Conversation, ConversationAssignee } from '@accueil/domain';
import { ActionIcon, Badge, Button, Group, Text, Tooltip } from '@mantine/core';
import {
  IconAlarm,
  IconArchive,
  IconArchiveOff,
  IconLayoutSidebarRightCollapse,
  IconLayoutSidebarRightExpand,
  IconMail,
  IconMailOpened,
  IconPin,
  IconPinnedOff,
  IconUserCheck,
  IconUserPlus,
} from '@tabler/icons-react';
import { useEffect, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { ContactAvatar } from '../../components/contact-avatar';
import { formatPhone } from '../../lib/format';
import { CallButton } from '../calls/call-button';
import { LabelBadges } from '../labels/label-badges';
import { LabelsButton } from '../labels/labels-button';
import { AssignMenu } from './assign-menu';
import classes from './conversations.module.css';
import { conversationTitle } from './display';
import { ariaShortcut, focusMenu, onInboxCommand, type ShortcutId } from './shortcuts/inbox-shortcuts';
import { ShortcutLabel } from './shortcuts/shortcut-label';
import { SnoozeMenu } from './snooze-menu';
import { formatSnoozeEnd } from './snooze-times';
import { useOrganizationTimeZone } from './use-snooze';
import type { ConversationAction } from './use-conversation-actions';

/** Props of {@link ConversationHeader}. */
export interface ConversationHeaderProps {
  conversation: Conversation;
  onAction: (action: ConversationAction) => void;
  /** Assigns the conversation to a member of its team, or unassigns it (null). */
  onAssign: (assignee: ConversationAssignee | null) => void;
  panelOpen: boolean;
  onTogglePanel: () => void;
  /** Who else has the conversation open (`collision/collision-viewers.tsx`), before the actions. */
  viewers?: ReactNode;
}

function HeaderAction({
  label,
  onClick,
  shortcut,
  children,
}: {
  label: string;
  onClick: () => void;
  /** The keyboard shortcut that does the same, shown in the tooltip. */
  shortcut?: ShortcutId;
  children: ReactNode;
}) {
  return (
    <Tooltip label={shortcut ? <ShortcutLabel label={label} shortcut={shortcut} /> : label} withArrow>
      <ActionIcon
        variant="subtle"
        color="gray"
        size="lg"
        aria-label={label}
        aria-keyshortcuts={shortcut && ariaShortcut(shortcut)}
        onClick={onClick}
      >
        {children}
      </ActionIcon>
    </Tooltip>
  );
}

/** The header's "Assign" button: the assignee's initials and name, or "Assign" when nobody; `a` opens it. */
function AssignButton({
  conversation,
  onAssign,
}: {
  conversation: Conversation;
  onAssign: (assignee: ConversationAssignee | null) => void;
}) {
  const intl = useIntl();
  const [opened, setOpened] = useState(false);
  useEffect(
    () =>
      onInboxCommand('assign', () => {
        setOpened(true);
        focusMenu('[data-testid="assign-menu"]');
      }),
    [],
  );
  const assignee = conversation.assignee ?? null;
  const label = intl.formatMessage({ id: 'conversations.assign.button' });
  return (
    <AssignMenu
      conversation={conversation}
      opened={opened}
      onChange={setOpened}
      onAssign={onAssign}
      target={
        <Tooltip label={<ShortcutLabel label={label} shortcut="assign" />} withArrow disabled={opened}>
          <Button
            variant="subtle"
            color="gray"
            size="compact-md"
            maw={180}
            data-testid="assign-button"
            aria-keyshortcuts={ariaShortcut('assign')}
            // The name holds the visible text (the assignee's name) and says what the button does.
            aria-label={
              assignee
                ? `${intl.formatMessage({ id: 'conversations.assign.assignedTo' }, { name: assignee.name })} — ${label}`
                : label
            }
            leftSection={
              // An icon, not the initials: their letters would be visible text missing from the name.
              assignee ? <IconUserCheck size={18} aria-hidden /> : <IconUserPlus size={18} aria-hidden />
            }
          >
            <Text size="sm" truncate="end" span>
              {assignee ? assignee.name : label}
            </Text>
          </Button>
        </Tooltip>
      }
    />
  );
}

/** "Snoozed until …" beside the number of a snoozed conversation (docs/behaviour/snooze.md). */
function SnoozedBadge({ until }: { until: string }) {
  const intl = useIntl();
  const timeZone = useOrganizationTimeZone();
  const text = intl.formatMessage(
    { id: 'conversations.snooze.badge' },
    { when: formatSnoozeEnd(intl, until, timeZone) },
  );
  // Sentence case and the whole text in its tooltip: a narrow header truncates it.
  return (
    <Badge
      size="sm"
      variant="light"
      color="grape"
      tt="none"
      title={text}
      leftSection={<IconAlarm size={12} />}
      data-testid="snoozed-badge"
      style={{ flex: '0 1 auto', minWidth: 0 }}
    >
      {text}
    </Badge>
  );
}

/** Header of the open conversation: avatar, name, number, labels, assignee, and pin / snooze / labels / archive / read actions. */
export function ConversationHeader({
  conversation,
  onAction,
  onAssign,
  panelOpen,
  onTogglePanel,
  viewers,
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
      <div className={classes.viewTitle}>
        <Text fw={700} truncate="end">
          {title}
        </Text>
        <Group gap={8} wrap="nowrap">
          <Text size="sm" c="dimmed" truncate="end">
            {conversation.contact ? phone : t('conversations.contact.unknown')}
            {archived && ` · ${t('conversations.header.archived')}`}
          </Text>
          {conversation.snoozedUntil && <SnoozedBadge until={conversation.snoozedUntil} />}
          <LabelBadges labels={conversation.labels} max={3} />
        </Group>
      </div>
      <Group gap={4} wrap="nowrap" className={classes.viewActions}>
        {viewers}
        <AssignButton conversation={conversation} onAssign={onAssign} />
        <CallButton phone={conversation.friendlyName} />
        {!archived && (
          <HeaderAction
            label={t(pinned ? 'conversations.action.unpin' : 'conversations.action.pin')}
            onClick={() => onAction(pinned ? 'unpin' : 'pin')}
          >
            {pinned ? <IconPinnedOff size={20} /> : <IconPin size={20} />}
          </HeaderAction>
        )}
        <SnoozeMenu conversation={conversation} />
        <LabelsButton conversation={conversation} />
        <HeaderAction
          label={t(unread ? 'conversations.action.markRead' : 'conversations.action.markUnread')}
          onClick={() => onAction(unread ? 'mark-read' : 'mark-unread')}
        >
          {unread ? <IconMailOpened size={20} /> : <IconMail size={20} />}
        </HeaderAction>
        <HeaderAction
          label={t(archived ? 'conversations.action.unarchive' : 'conversations.action.archive')}
          onClick={() => onAction(archived ? 'unarchive' : 'archive')}
          shortcut="archive"
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
