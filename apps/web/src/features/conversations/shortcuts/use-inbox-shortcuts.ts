import type { Conversation } from '@accueil/domain';
import { useHotkeys, type HotkeyItem } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import type { RefObject } from 'react';
import { conversationKeys } from '../api';
import type { InboxListHandle, ListMove } from '../conversation-list';
import { composeNote, isShortcutIgnored, sendInboxCommand, type InboxCommand } from './inbox-shortcuts';

/** What the inbox's shortcuts act on and with (the conversations screen's state). */
export interface InboxShortcutOptions {
  /** The list (its rows, the focused one, moves). */
  list: RefObject<InboxListHandle | null>;
  /** The open conversation's id, if any. */
  openId: string | null;
  /** Archives (or unarchives, when archived) a conversation; the screen moves on when it was open. */
  toggleArchive: (conversation: Conversation) => void;
  /** Esc: leaves the open conversation (the list keeps its row focused). */
  leave: () => void;
  /** `?`: shows the help sheet. */
  openHelp: () => void;
  /** `x`: adds or removes a row from the selection (bulk actions). */
  toggleSelected?: (conversation: Conversation) => void;
  /** Esc first clears a selection: true when there was one. */
  clearSelection?: () => boolean;
}

/**
 * The inbox's keyboard shortcuts (`INBOX_SHORTCUTS`, docs/behaviour/web-app.md): Mantine's
 * `useHotkeys` matches the keys; none fires while typing in a field or editable text, with
 * Ctrl/Alt/Meta held, inside a dialog or a menu, or when a part of the page handled the key
 * already (the list moves its own focus with j/k). `/` is `useSearchShortcut`'s (matched on the
 * character: a shifted key on French keyboards).
 * The conversation acted on is the focused row's, else the open one's.
 */
export function useInboxShortcuts(options: InboxShortcutOptions): void {
  const client = useQueryClient();
  const { list, openId } = options;
  const target = (): Conversation | null => {
    const focused = list.current?.focused();
    if (focused) return focused;
    if (!openId) return null;
    return (
      list.current?.items.find((c) => c.id === openId) ??
      client.getQueryData<Conversation>(conversationKeys.detail(openId)) ??
      null
    );
  };
  const guarded =
    (run: () => void) =>
    (event: KeyboardEvent): void => {
      if (isShortcutIgnored(event)) return;
      event.preventDefault();
      run();
    };
  const move = (to: ListMove) => guarded(() => list.current?.move(to));
  const inOpen = (command: InboxCommand) =>
    guarded(() => {
      if (openId) sendInboxCommand(command);
    });
  const onTarget = (run: (c: Conversation) => void) =>
    guarded(() => {
      const conversation = target();
      if (conversation) run(conversation);
    });
  // preventDefault is left to each handler's guard: an ignored key must keep its normal effect.
  const keep = { preventDefault: false };
  const items: HotkeyItem[] = [
    ['j', move('next'), keep],
    ['k', move('previous'), keep],
    ['e', onTarget(options.toggleArchive), keep],
    ['a', inOpen('assign'), keep],
    ['s', inOpen('snooze'), keep],
    ['r', inOpen('reply'), keep],
    ['n', guarded(() => openId && composeNote()), keep],
    ['z', guarded(() => void import('../undo').then((m) => m.undoLast())), keep],
    // `?` is shifted on most layouts, not all: both are matched (Mantine compares Shift exactly).
    ['shift+?', guarded(options.openHelp), keep],
    ['?', guarded(options.openHelp), keep],
    [
      'x',
      guarded(() => {
        const focused = list.current?.focused();
        if (focused) options.toggleSelected?.(focused);
      }),
      keep,
    ],
    [
      'Escape',
      guarded(() => {
        if (options.clearSelection?.()) return;
        if (openId) options.leave();
        else if (list.current?.focused()) (document.activeElement as HTMLElement).blur();
      }),
      keep,
    ],
  ];
  // Fields are filtered by isShortcutIgnored (which also knows dialogs and menus): none here.
  useHotkeys(items, []);
}
