import {
  BULK_CONVERSATIONS_MAX,
  type BulkConversationAction,
  type ConversationListStatus,
  type ConversationView,
} from '@accueil/domain';
import { Button, CloseButton, Group, Menu, Text } from '@mantine/core';
import { IconArchive, IconArchiveOff, IconMail, IconMailOpened, IconUserPlus } from '@tabler/icons-react';
import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { AssigneeItems } from '../assign-menu';
import { useConversationList } from '../use-conversation-queries';
import { useBulkAction } from './use-bulk-action';
import { clearSelection, keepOnly, selectAll, updateSelection } from './selection-rules';
import type { BulkSelection } from './use-bulk-selection';

/** Props of {@link BulkBar}: the list shown (the same cache as the list's) and its selection. */
export interface BulkBarProps {
  status: ConversationListStatus;
  view: ConversationView;
  search: string;
  labelId: string;
  selection: BulkSelection;
}

/** After the bar goes (nothing selected any more), the focus it held goes to the list's row. */
function useFocusListOnLeave() {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const bar = ref.current;
    return () => {
      if (!bar?.contains(document.activeElement)) return;
      const column = bar.closest('section');
      // The list settles in the same render (rows archived away): its Tab stop is read after it.
      requestAnimationFrame(() =>
        column?.querySelector<HTMLElement>('[role="option"][tabindex="0"]')?.focus(),
      );
    };
  }, []);
  return ref;
}

/**
 * The bulk bar (docs/behaviour/assignment.md, "Web"): over the list's header while rows are
 * selected: how many, Select all (the loaded rows, up to BULK_CONVERSATIONS_MAX), Archive
 * (Unarchive when every selected row is archived), Assign (the team's members), Mark read,
 * Mark unread, and Clear (Esc too). Refused rows stay selected; the others leave the selection.
 * Loaded lazily: only the checkboxes and the selection are in the inbox's first load.
 */
export function BulkBar({ status, view, search, labelId, selection }: BulkBarProps) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  // The list's own query (same key, never stale): no request of its own.
  const list = useConversationList(status, search, view, labelId);
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  const selected = items.filter((c) => selection.state.ids.includes(c.id));
  const { run, pending } = useBulkAction((refused) =>
    updateSelection(selection, (s) => keepOnly(s, refused)),
  );
  const ref = useFocusListOnLeave();
  const archived = selected.length > 0 && selected.every((c) => c.status === 'inactive');
  const assignees = new Set(selected.map((c) => c.assignee?.id ?? null));
  const common = assignees.size === 1 ? (selected[0]?.assignee ?? null) : null;
  const full = selection.state.ids.length >= BULK_CONVERSATIONS_MAX;
  const all = items.length > 0 && items.every((c) => selection.state.ids.includes(c.id));
  const clear = () => clearSelection(selection);
  const button = (action: BulkConversationAction, label: string, icon: ReactNode) => (
    <Button
      variant="light"
      size="xs"
      disabled={pending}
      leftSection={icon}
      onClick={() => run({ action, conversations: selected })}
    >
      {t(label)}
    </Button>
  );
  return (
    <div
      ref={ref}
      role="group"
      aria-label={t('conversations.bulk.bar')}
      data-bulk-bar
      data-testid="bulk-bar"
      onKeyDown={(e) => {
        if (e.key !== 'Escape' || e.defaultPrevented) return;
        e.preventDefault();
        clear();
      }}
    >
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text fw={700} size="lg" aria-live="polite" data-testid="bulk-count">
          {t('conversations.bulk.count', { count: selected.length })}
        </Text>
        <CloseButton aria-label={t('conversations.bulk.clear')} aria-keyshortcuts="Escape" onClick={clear} />
      </Group>
      <Group gap="xs" wrap="nowrap" mih={28}>
        {!all && !full && (
          <Button
            variant="subtle"
            size="compact-sm"
            onClick={() =>
              updateSelection(selection, (s) =>
                selectAll(
                  s,
                  items.map((c) => c.id),
                ),
              )
            }
          >
            {t('conversations.bulk.selectAll', { count: Math.min(items.length, BULK_CONVERSATIONS_MAX) })}
          </Button>
        )}
        {(full || selection.state.capped) && (
          <Text size="sm" c="dimmed" data-testid="bulk-max">
            {t('conversations.bulk.max', { max: BULK_CONVERSATIONS_MAX })}
          </Text>
        )}
      </Group>
      <Group grow gap="xs" wrap="nowrap">
        {archived
          ? button('unarchive', 'conversations.bulk.unarchive', <IconArchiveOff size={16} />)
          : button('archive', 'conversations.bulk.archive', <IconArchive size={16} />)}
        <Menu position="bottom-end" withinPortal shadow="md" width={260}>
          <Menu.Target>
            <Button variant="light" size="xs" disabled={pending} leftSection={<IconUserPlus size={16} />}>
              {t('conversations.bulk.assign')}
            </Button>
          </Menu.Target>
          <Menu.Dropdown mah={360} style={{ overflowY: 'auto' }} data-testid="bulk-assign-menu">
            <AssigneeItems
              conversation={{ assignee: common }}
              canUnassign={selected.some((c) => c.assignee)}
              onAssign={(assignee) => run({ action: 'assign', conversations: selected, assignee })}
            />
          </Menu.Dropdown>
        </Menu>
      </Group>
      <Group grow gap="xs" wrap="nowrap">
        {button('mark-read', 'conversations.bulk.markRead', <IconMailOpened size={16} />)}
        {button('mark-unread', 'conversations.bulk.markUnread', <IconMail size={16} />)}
      </Group>
    </div>
  );
}
