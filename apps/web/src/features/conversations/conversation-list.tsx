import type { Conversation, ConversationListStatus, ConversationView } from '@accueil/domain';
import { Button, Center, Loader, Skeleton, Stack, Text } from '@mantine/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import {
  Suspense,
  useEffect,
  useImperativeHandle,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type Ref,
} from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { deferred } from '../../app/deferred';
import { usePreloadWhenIdle } from '../../app/idle';
import type { BulkSelection } from './bulk/use-bulk-selection';
import { ConversationRow } from './conversation-row';
import classes from './conversations.module.css';
import type { ConversationAction } from './use-conversation-actions';
import { useConversationList } from './use-conversation-queries';

// The rows' selection checkboxes come when the browser is idle after the list drew.
const BulkChecks = deferred(() => import('./bulk/bulk-parts').then((m) => m.BulkChecks));

/** Height of one list row (px); rows are fixed-height so the virtualiser needs no measuring. */
export const CONVERSATION_ROW_HEIGHT_PX = 68;

/** Props of {@link ConversationList}. */
export interface ConversationListProps {
  /** The list shown; `all` (active then archived) for a search of both lists. */
  status: ConversationListStatus;
  /** Whose conversations (Mine, Unassigned, All); `all` when absent. */
  view?: ConversationView;
  /** A search term of at least SEARCH_MIN_CHARS, or '' for the whole list. */
  search: string;
  /** Only the conversations carrying this label ('' or absent: every one; docs/behaviour/labels.md). */
  labelId?: string;
  openId: string | null;
  onOpen: (conversation: Conversation) => void;
  onAction: (conversation: Conversation, action: ConversationAction) => void;
  onDelete: (conversation: Conversation) => void;
  /** What the inbox's shortcuts read and do from outside the list ({@link InboxListHandle}). */
  handle?: Ref<InboxListHandle>;
  /** The rows selected for a bulk action (their checkboxes; none without it). */
  selection?: BulkSelection;
}

/** A keyboard move in the list. */
export type ListMove = 'next' | 'previous' | 'first' | 'last';

/**
 * The list as the inbox's shortcuts see it (`use-inbox-shortcuts.ts`): the conversations loaded,
 * in order; the one whose row has the keyboard focus (null when the focus is elsewhere); and a
 * move of the focus highlight from anywhere in the page (j/k outside the list).
 */
export interface InboxListHandle {
  items: readonly Conversation[];
  focused: () => Conversation | null;
  move: (move: ListMove) => void;
  /** Puts the keyboard focus on a conversation's row (leaving it with Esc). */
  focus: (id: string) => void;
  /** The bulk selection (`x` toggles the focused row, Esc empties it), when the list has one. */
  selection?: BulkSelection;
}

/** The list's keyboard moves: key → how far (±1) or where (first/last) the focus goes. */
const MOVES: Record<string, ListMove> = {
  ArrowDown: 'next',
  j: 'next',
  ArrowUp: 'previous',
  k: 'previous',
  Home: 'first',
  End: 'last',
};

/**
 * The conversation list, virtualised (only the visible rows are in the page) and loaded
 * page by page through `nextCursor` as the reader nears the end.
 * Keyboard: the list is one Tab stop (roving tabindex: the open conversation's row, else the
 * first); ↑/↓ or k/j move, Home/End jump, Enter opens (see the row). When the page has no focus
 * yet (just signed in, or loaded), the list takes it.
 */
export function ConversationList({
  status,
  view = 'all',
  search,
  labelId = '',
  openId,
  onOpen,
  onAction,
  onDelete,
  handle,
  selection,
}: ConversationListProps) {
  const query = useConversationList(status, search, view, labelId);
  usePreloadWhenIdle(BulkChecks);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const items = useMemo(() => query.data?.pages.flatMap((p) => p.items) ?? [], [query.data]);
  const intl = useIntl();
  const scrollRef = useRef<HTMLDivElement>(null);
  const openIndex = items.findIndex((c) => c.id === openId);
  const [chosen, setChosen] = useState<number | null>(null);
  const focusIndex = Math.min(chosen ?? Math.max(openIndex, 0), Math.max(items.length - 1, 0));
  // A row to focus once the virtualiser has rendered it (after a keyboard move).
  const pendingFocus = useRef<number | null>(null);
  const tookFocus = useRef(false);
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualiser is read during render by design
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => CONVERSATION_ROW_HEIGHT_PX,
    overscan: 8,
    getItemKey: (index) => items[index]?.id ?? index,
  });
  const virtualRows = virtualizer.getVirtualItems();
  const lastVisible = virtualRows.at(-1)?.index ?? -1;

  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && lastVisible >= items.length - 5) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage, lastVisible, items.length]);

  useEffect(() => {
    if (tookFocus.current || items.length === 0) return;
    tookFocus.current = true;
    const active = document.activeElement;
    if (!active || active === document.body) pendingFocus.current = focusIndex;
  });

  useEffect(() => {
    const index = pendingFocus.current;
    if (index === null) return;
    const row = scrollRef.current?.querySelector<HTMLElement>(`[data-row-index="${index}"]`);
    if (!row) return;
    pendingFocus.current = null;
    row.focus();
  });

  const moveFocus = (move: ListMove, fromOutside = false) => {
    if (items.length === 0) return;
    const last = items.length - 1;
    // From outside the list with no row chosen nor open, the first move lands on the first row.
    const start = fromOutside && chosen === null && openIndex < 0;
    const to =
      move === 'first' || start
        ? 0
        : move === 'last'
          ? last
          : Math.min(last, Math.max(0, focusIndex + (move === 'next' ? 1 : -1)));
    setChosen(to);
    pendingFocus.current = to;
    virtualizer.scrollToIndex(to);
  };

  useImperativeHandle(handle, () => ({
    items,
    focused: () => {
      const row = document.activeElement?.closest<HTMLElement>('[role="option"][data-row-index]');
      if (!row || !scrollRef.current?.contains(row)) return null;
      return items[Number(row.dataset.rowIndex)] ?? null;
    },
    move: (move) => moveFocus(move, true),
    focus: (id) => {
      const index = items.findIndex((c) => c.id === id);
      if (index < 0) return;
      setChosen(index);
      pendingFocus.current = index;
      virtualizer.scrollToIndex(index);
    },
    selection,
  }));

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const move = MOVES[e.key];
    if (!move || e.altKey || e.ctrlKey || e.metaKey || items.length === 0) return;
    // Only from a row: a row's menu is rendered elsewhere in the page but its keys bubble here.
    if ((e.target as HTMLElement).getAttribute('role') !== 'option') return;
    e.preventDefault();
    moveFocus(move);
  };

  if (query.isPending) {
    return (
      <Stack gap={0} p="sm" aria-busy>
        {Array.from({ length: 6 }, (_, i) => (
          <Skeleton key={i} height={48} radius="sm" mb="sm" />
        ))}
      </Stack>
    );
  }
  if (query.isError && items.length === 0) {
    return (
      <Stack align="center" p="lg" gap="sm">
        <Text size="sm" c="dimmed" ta="center">
          <FormattedMessage id="conversations.list.loadFailed" />
        </Text>
        <Button size="xs" variant="light" onClick={() => void query.refetch()}>
          <FormattedMessage id="conversations.action.retry" />
        </Button>
      </Stack>
    );
  }
  if (items.length === 0) {
    return (
      <Text size="sm" c="dimmed" ta="center" p="xl">
        <FormattedMessage
          id={
            search
              ? 'conversations.list.noResult'
              : view !== 'all'
                ? `conversations.list.empty.${view}`
                : status === 'active'
                  ? 'conversations.list.empty'
                  : status === 'snoozed'
                    ? 'conversations.list.emptySnoozed'
                    : 'conversations.list.emptyArchived'
          }
        />
      </Text>
    );
  }
  return (
    <div ref={scrollRef} className={classes.listScroller}>
      <div
        role="listbox"
        aria-label={intl.formatMessage({ id: 'conversations.list.label' })}
        data-testid="conversation-listbox"
        onKeyDown={onKeyDown}
        style={{ height: virtualizer.getTotalSize(), position: 'relative' }}
      >
        {virtualRows.map((row) => {
          const conversation = items[row.index]!;
          return (
            <div
              key={row.key}
              style={{
                position: 'absolute',
                top: 0,
                left: 0,
                right: 0,
                height: row.size,
                transform: `translateY(${row.start}px)`,
              }}
            >
              <ConversationRow
                conversation={conversation}
                search={search}
                showArchived={status === 'all'}
                active={conversation.id === openId}
                tabStop={row.index === focusIndex}
                index={row.index}
                checked={
                  selection?.state.ids.length ? selection.state.ids.includes(conversation.id) : undefined
                }
                onOpen={(c) => {
                  setChosen(row.index);
                  onOpen(c);
                }}
                onAction={onAction}
                onDelete={onDelete}
              />
            </div>
          );
        })}
      </div>
      {selection && (
        <Suspense fallback={null}>
          <BulkChecks rows={virtualRows} items={items} selection={selection} />
        </Suspense>
      )}
      {isFetchingNextPage && (
        <Center py="sm">
          <Loader size="sm" />
        </Center>
      )}
    </div>
  );
}
