import { normalizeSearch, SEARCH_MIN_CHARS, type Conversation } from '@accueil/domain';
import { ActionIcon, Badge, CloseButton, Group, Tabs, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconMessageCirclePlus, IconSearch } from '@tabler/icons-react';
import { Suspense, useRef, useState, type Ref } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { deferred } from '../../app/deferred';
import { usePreloadWhenIdle } from '../../app/idle';
import { LazyTooltip } from '../../components/lazy-tooltip';
import { useCurrentTeam } from '../../lib/session';
import { useBulkSelection } from './bulk/use-bulk-selection';
import { ConversationList, type InboxListHandle } from './conversation-list';
import type { InboxList } from './conversation-order';
import type { InboxView } from './conversation-views';
import classes from './conversations.module.css';
import { useConversationActions } from './use-conversation-actions';
import { useUnreadCounts } from './use-conversation-queries';
import { SEARCH_SHORTCUT, useSearchShortcut } from './use-search-shortcut';

// The views' tabs and their counts load when the browser is idle after the list drew (their
// place is kept meanwhile), out of the inbox's first load (docs/behaviour/web-app.md, "Delivery").
const ConversationViewTabs = deferred(() =>
  import('./conversation-views').then((m) => m.ConversationViewTabs),
);

// The label filter (docs/behaviour/labels.md) loads with the tabs, when the browser is idle.
const LabelFilter = deferred(() => import('../labels/label-filter').then((m) => m.LabelFilter));

// The bulk bar (docs/behaviour/assignment.md, "Web") comes when the browser is idle: only the
// selection's state is in the first load (the checkboxes are the list's idle part).
const BulkBar = deferred(() => import('./bulk/bulk-parts').then((m) => m.BulkBar));

const DeleteConversationDialog = deferred(() =>
  import('./delete-conversation-dialog').then((m) => m.DeleteConversationDialog),
);

/** Wait after the last keystroke before searching (ms). */
export const SEARCH_DEBOUNCE_MS = 250;

/** Props of {@link ConversationListColumn}. */
export interface ConversationListColumnProps {
  /** Which list: active, archived or snoozed (docs/behaviour/snooze.md). */
  status: InboxList;
  onStatusChange: (status: InboxList) => void;
  /** Whose conversations the list shows (Mine, Unassigned, All). */
  view: InboxView;
  onViewChange: (view: InboxView) => void;
  openId: string | null;
  onOpen: (conversation: Conversation) => void;
  onNewConversation: () => void;
  /** Called once a conversation was deleted (the screen leaves it if it was open). */
  onDeleted: (id: string) => void;
  /** Archives a conversation (the screen moves to the next one when it was open). */
  onArchive: (conversation: Conversation) => void;
  /** The list, for the inbox's shortcuts. */
  listHandle?: Ref<InboxListHandle>;
}

function TabLabel({ id, count, selected }: { id: string; count: number | undefined; selected: boolean }) {
  return (
    <Group gap={6} wrap="nowrap">
      <FormattedMessage id={id} />
      {count ? (
        <Badge
          size="sm"
          circle={count < 10}
          variant={selected ? 'white' : 'filled'}
          className={classes.count}
        >
          {count > 99 ? '99+' : count}
        </Badge>
      ) : null}
    </Group>
  );
}

/**
 * The list column: the views Mine / Unassigned / All with their counts, Active / Snoozed /
 * Archived tabs (unread badges on Active and Archived), the search box (a request
 * only from SEARCH_MIN_CHARS characters, debounced; it searches both lists at once), the
 * new-conversation button, the list, and the delete confirmation.
 */
export function ConversationListColumn({
  status,
  onStatusChange,
  view,
  onViewChange,
  openId,
  onOpen,
  onNewConversation,
  onDeleted,
  onArchive,
  listHandle,
}: ConversationListColumnProps) {
  const intl = useIntl();
  const [input, setInput] = useState('');
  const searchRef = useRef<HTMLInputElement>(null);
  useSearchShortcut(searchRef);
  const [debounced] = useDebouncedValue(input, SEARCH_DEBOUNCE_MS);
  const normalized = normalizeSearch(debounced);
  const search = normalized === null || normalized === 'too-short' ? '' : normalized;
  const tooShort = normalizeSearch(input) === 'too-short';
  const counts = useUnreadCounts().data;
  const actions = useConversationActions();
  const [toDelete, setToDelete] = useState<Conversation | null>(null);
  // Mounted from the first deletion asked on, so closing keeps Mantine's transition and focus return.
  const [deleteMounted, setDeleteMounted] = useState(false);
  const askDelete = (conversation: Conversation) => {
    setDeleteMounted(true);
    setToDelete(conversation);
  };
  usePreloadWhenIdle(DeleteConversationDialog);
  usePreloadWhenIdle(ConversationViewTabs);
  usePreloadWhenIdle(LabelFilter);
  const [labelId, setLabelId] = useState<string | null>(null);
  // The list shown (a search reads both lists, in every view), for the list and the bulk bar.
  const shown = {
    status: search ? 'all' : status,
    view: search ? 'all' : view,
    search,
    labelId: labelId ?? '',
  } as const;
  // Another team, tab, view, search or label empties the selection.
  const team = useCurrentTeam()?.id;
  const selection = useBulkSelection([team, shown.status, shown.view, search, labelId].join('\n'));
  usePreloadWhenIdle(BulkBar);

  return (
    <section
      className={classes.listColumn}
      aria-label={intl.formatMessage({ id: 'conversations.list.label' })}
    >
      <div className={classes.listHeader} data-bulk={selection.state.ids.length > 0 || undefined}>
        <Group justify="space-between" mb="sm" wrap="nowrap">
          <Text fw={700} size="lg">
            <FormattedMessage id="conversations.title" />
          </Text>
          <LazyTooltip label={intl.formatMessage({ id: 'conversations.new.button' })}>
            <ActionIcon
              size="lg"
              variant="filled"
              aria-label={intl.formatMessage({ id: 'conversations.new.button' })}
              onClick={onNewConversation}
            >
              <IconMessageCirclePlus size={20} />
            </ActionIcon>
          </LazyTooltip>
        </Group>
        <Suspense fallback={<div className={classes.viewTabsPlace} />}>
          <ConversationViewTabs
            // A search reads the whole team: no view is selected; choosing one ends the search.
            view={search ? null : view}
            onChange={(v) => {
              setInput('');
              onViewChange(v);
            }}
          />
        </Suspense>
        <TextInput
          ref={searchRef}
          value={input}
          onChange={(e) => setInput(e.currentTarget.value)}
          placeholder={intl.formatMessage({ id: 'conversations.search.placeholder' })}
          aria-label={intl.formatMessage({ id: 'conversations.search.label' })}
          aria-keyshortcuts={SEARCH_SHORTCUT}
          leftSection={<IconSearch size={16} />}
          rightSection={
            input ? (
              <CloseButton
                size="sm"
                aria-label={intl.formatMessage({ id: 'conversations.search.clear' })}
                onClick={() => setInput('')}
              />
            ) : null
          }
        />
        <Suspense fallback={null}>
          <LabelFilter value={labelId} onChange={setLabelId} />
        </Suspense>
        {/* One line always kept for the hint, so the tabs never move when it appears. */}
        <Text
          size="xs"
          c="dimmed"
          className={classes.searchHint}
          truncate="end"
          aria-live="polite"
          data-testid="search-hint"
        >
          {tooShort
            ? intl.formatMessage({ id: 'conversations.search.tooShort' }, { min: SEARCH_MIN_CHARS })
            : search
              ? intl.formatMessage({ id: 'conversations.search.bothLists' })
              : ''}
        </Text>
        <Tabs
          // A search reads both lists: no tab is selected; choosing one ends the search.
          value={search ? null : status}
          onChange={(v) => {
            if (!v) return;
            setInput('');
            onStatusChange(v as InboxList);
          }}
          mt={4}
          variant="pills"
          radius="md"
        >
          <Tabs.List grow>
            <Tabs.Tab value="active">
              <TabLabel
                id="conversations.tab.active"
                count={counts?.active}
                selected={!search && status === 'active'}
              />
            </Tabs.Tab>
            <Tabs.Tab value="snoozed" data-testid="tab-snoozed">
              <TabLabel id="conversations.tab.snoozed" count={undefined} selected={false} />
            </Tabs.Tab>
            <Tabs.Tab value="inactive">
              <TabLabel
                id="conversations.tab.archived"
                count={counts?.inactive}
                selected={!search && status === 'inactive'}
              />
            </Tabs.Tab>
          </Tabs.List>
        </Tabs>
        {selection.state.ids.length > 0 && (
          <Suspense fallback={null}>
            <BulkBar {...shown} selection={selection} />
          </Suspense>
        )}
      </div>
      <ConversationList
        {...shown}
        openId={openId}
        onOpen={onOpen}
        onAction={(c, action) => (action === 'archive' ? onArchive(c) : actions.run(c.id, action))}
        onDelete={askDelete}
        handle={listHandle}
        selection={selection}
      />
      {deleteMounted && (
        <Suspense fallback={null}>
          <DeleteConversationDialog
            conversation={toDelete}
            onCancel={() => setToDelete(null)}
            onConfirm={(conversation) => {
              actions.remove(conversation.id, onDeleted);
              setToDelete(null);
            }}
          />
        </Suspense>
      )}
    </section>
  );
}
