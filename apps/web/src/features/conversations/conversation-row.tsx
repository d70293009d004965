import type { Conversation, ConversationListItem } from '@accueil/domain';
import { ActionIcon, Badge, Group, Highlight, Text } from '@mantine/core';
import { IconAlarm, IconAlertTriangleFilled, IconDotsVertical, IconPinFilled } from '@tabler/icons-react';
import { Suspense, useRef, useState, type KeyboardEvent } from 'react';
import { useIntl } from 'react-intl';
import { deferred } from '../../app/deferred';
import { usePreloadWhenIdle } from '../../app/idle';
import { ContactAvatar } from '../../components/contact-avatar';
import { LazyMenu } from '../../components/lazy-menu';
import { formatDateTime, formatRelativeDay } from '../../lib/format';
import { useConversationAbilities } from '../../lib/use-ability';
import { LabelBadges } from '../labels/label-badges';
import { conversationTitle, messagePreview } from './display';
import { searchExcerpt } from './search-excerpt';
import classes from './conversations.module.css';
import type { ConversationAction } from './use-conversation-actions';

// The assignee's initials come in when the browser is idle after the list drew (an empty place
// of the same size until then), out of the inbox's first load.
const AssigneeAvatar = deferred(() => import('./assignee-avatar').then((m) => m.AssigneeAvatar));

const RowMenu = deferred(() => import('./row-menu').then((m) => m.RowMenu));

/** Props of {@link ConversationRow}. */
export interface ConversationRowProps {
  /** The conversation; a searched list's rows carry the matching message as `match`. */
  conversation: ConversationListItem;
  /** The search term to highlight ('' or absent: no search). */
  search?: string;
  /** Marks archived rows (a search shows both lists in one). */
  showArchived?: boolean;
  active: boolean;
  /** Whether this row is the list's one Tab stop (roving tabindex); true for a row alone. */
  tabStop?: boolean;
  /** Its position in the list, for the list's keyboard moves (`data-row-index`). */
  index?: number;
  /** Whether the row is in the bulk selection (`aria-checked`); undefined while nothing is selected. */
  checked?: boolean;
  onOpen: (conversation: Conversation) => void;
  onAction: (conversation: Conversation, action: ConversationAction) => void;
  onDelete: (conversation: Conversation) => void;
}

/** Keys that open a focused row's menu: the context-menu key and Shift+F10. */
function isMenuKey(e: KeyboardEvent): boolean {
  return e.key === 'ContextMenu' || (e.key === 'F10' && e.shiftKey);
}

/**
 * One row of the list: avatar, name or number, last message preview, time (today → HH:mm,
 * else DD / MM / YYYY), unread dot and bold name, pin icon, a mark when the last text failed,
 * the assignee's initials, and a menu of row actions (assigning among them). In a search, the matching message replaces the last one (with
 * its time), the term is highlighted, and archived rows say so.
 * The option (what the keyboard focuses; Enter opens it) holds no control: the menu's button
 * sits beside it for the mouse, hidden from assistive technology and out of the Tab order, and
 * the keyboard opens the same menu with the context-menu key or Shift+F10, then comes back.
 */
export function ConversationRow({
  conversation,
  search = '',
  showArchived = false,
  active,
  tabStop = true,
  index = 0,
  checked,
  onOpen,
  onAction,
  onDelete,
}: ConversationRowProps) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const unread = Boolean(conversation.attributes.hasNotification);
  const pinned = Boolean(conversation.attributes.pinned);
  const archived = conversation.status === 'inactive';
  // Deleting is an administrator's action: the server refuses it to others, the menu hides it.
  const canDelete = useConversationAbilities(conversation).delete;
  const match = search ? conversation.match : null;
  const when = match?.createdAt ?? conversation.lastMessage?.createdAt ?? conversation.updatedAt;
  const lastFailed =
    conversation.lastMessage?.direction === 'outbound' && conversation.lastMessage.status === 'failed';
  const [menuOpen, setMenuOpen] = useState(false);
  usePreloadWhenIdle(AssigneeAvatar);
  const optionRef = useRef<HTMLDivElement>(null);
  const byKeyboard = useRef(false);
  return (
    <div className={classes.rowFrame}>
      <div
        ref={optionRef}
        className={classes.row}
        data-active={active || undefined}
        data-row-index={index}
        role="option"
        aria-selected={active}
        aria-checked={checked}
        data-checked={checked || undefined}
        tabIndex={tabStop ? 0 : -1}
        onClick={() => onOpen(conversation)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') onOpen(conversation);
          else if (isMenuKey(e)) {
            e.preventDefault();
            byKeyboard.current = true;
            setMenuOpen(true);
          }
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
            <LabelBadges labels={conversation.labels} max={2} />
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
              {conversation.snoozedUntil && (
                // Until when it sleeps (docs/behaviour/snooze.md): the time today, else the date.
                <Text
                  size="xs"
                  c="grape.8"
                  data-testid="row-snoozed"
                  title={formatDateTime(conversation.snoozedUntil)}
                >
                  <IconAlarm size={12} aria-hidden />
                  {formatRelativeDay(conversation.snoozedUntil)}
                </Text>
              )}
              {pinned && !archived && (
                <IconPinFilled
                  size={14}
                  aria-label={t('conversations.row.pinned')}
                  color="var(--mantine-color-dimmed)"
                />
              )}
              {unread && <span className={classes.unreadDot} aria-label={t('conversations.row.unread')} />}
              {conversation.assignee && (
                <Suspense fallback={<span className={classes.assigneePlace} />}>
                  <AssigneeAvatar assignee={conversation.assignee} size={20} />
                </Suspense>
              )}
            </Group>
          </Group>
        </div>
      </div>
      <LazyMenu
        part={RowMenu}
        opened={menuOpen}
        onChange={setMenuOpen}
        onClose={() => {
          // Back to the row when the menu was opened from it by keyboard.
          if (byKeyboard.current) optionRef.current?.focus();
          byKeyboard.current = false;
        }}
        conversation={conversation}
        pinned={pinned}
        unread={unread}
        archived={archived}
        canDelete={canDelete}
        onAction={onAction}
        onDelete={onDelete}
        target={
          <ActionIcon
            className={classes.rowMenu}
            variant="subtle"
            color="gray"
            aria-hidden
            tabIndex={-1}
            aria-label={t('conversations.row.actions')}
            onClick={(e) => e.stopPropagation()}
          >
            <IconDotsVertical size={16} />
          </ActionIcon>
        }
      />
    </div>
  );
}
