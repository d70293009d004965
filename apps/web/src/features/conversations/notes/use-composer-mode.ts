import { useEffect, useState, type RefObject } from 'react';
import { COMPOSE_NOTE_EVENT, onInboxCommand } from '../shortcuts/inbox-shortcuts';

/** The composer's two modes (docs/behaviour/notes-and-presence.md): a reply to the contact, or an internal note. */
export type ComposerMode = 'reply' | 'note';

/** What {@link useComposerMode} gives the composer. */
export interface ComposerModeState {
  mode: ComposerMode;
  /** Bumped each time the note field is to take the focus (its `key`, and `autoFocus` when > 0). */
  noteFocus: number;
  /** Switches to `next`, focusing its field (Reply's `replyField`, Note's by `noteFocus`). */
  switchTo: (next: ComposerMode) => void;
  /** Back to Reply without moving the focus (safe during render: a draft handed back). */
  showReply: () => void;
}

/**
 * The composer's Reply | Note mode. With `notesFor` (the conversation notes are written in),
 * `composeNote()` (the `n` shortcut) switches to Note and focuses it; the `r` shortcut always
 * goes back to Reply, its field focused once it shows again.
 */
export function useComposerMode(
  notesFor: string | undefined,
  replyField: RefObject<HTMLTextAreaElement | null>,
): ComposerModeState {
  const [mode, setMode] = useState<ComposerMode>('reply');
  const [noteFocus, setNoteFocus] = useState(0);
  useEffect(() => {
    if (!notesFor) return;
    const toNote = () => {
      setMode('note');
      setNoteFocus((n) => n + 1);
    };
    document.addEventListener(COMPOSE_NOTE_EVENT, toNote);
    return () => document.removeEventListener(COMPOSE_NOTE_EVENT, toNote);
  }, [notesFor]);
  useEffect(
    () =>
      onInboxCommand('reply', () => {
        setMode('reply');
        requestAnimationFrame(() => replyField.current?.focus());
      }),
    [replyField],
  );
  const switchTo = (next: ComposerMode) => {
    setMode(next);
    if (next === 'note') setNoteFocus((n) => n + 1);
    else requestAnimationFrame(() => replyField.current?.focus());
  };
  return { mode, noteFocus, switchTo, showReply: () => setMode('reply') };
}
