import type { Mentionable } from '@accueil/domain';
import { ActionIcon, Combobox, Textarea, Tooltip, useCombobox } from '@mantine/core';
import { IconNote } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { COMPOSER_FIELD_PROPS } from '../composer-field';
import { flushSync } from 'react-dom';
import { useIntl } from 'react-intl';
import { notifyError } from '../../../lib/notify';
import { conversationKeys } from '../api';
import { createNote, fetchMentionable, mentionableKey } from './notes-api';
import { insertMention, matchMembers, mentionQueryAt, mentionsKept } from './mention-query';
import classes from './notes.module.css';
import { ariaShortcut } from '../shortcuts/inbox-shortcuts';

/** Keys that move the caret without typing: the suggestions follow where it lands. */
const CARET_KEYS = new Set(['ArrowLeft', 'ArrowRight', 'Home', 'End']);

/** At most this many suggestions show under an `@`. */
const SUGGESTIONS_MAX = 8;

/** Props of {@link NoteComposer}. */
export interface NoteComposerProps {
  conversationId: string;
  disabled?: boolean;
  /** Focus the field when it shows (the composer switched to Note, or the `n` shortcut). */
  autoFocus?: boolean;
  /** Escape: leave the field (the composer goes back to the list, as in Reply). */
  onEscape?: (field: HTMLTextAreaElement) => void;
}

/**
 * The composer in Note mode (docs/behaviour/notes-and-presence.md): an internal note for the
 * team, never sent to the contact. Typing `@` suggests the team's members (arrow keys and Enter,
 * or the mouse, choose; Escape closes the suggestions); a chosen member becomes `@Name` in the
 * text and is sent as a mention by id (deleting the name drops it). Enter adds the note,
 * Shift+Enter starts a new line. A refused note keeps its text and says why.
 */
export function NoteComposer({
  conversationId,
  disabled = false,
  autoFocus = false,
  onEscape,
}: NoteComposerProps) {
  const intl = useIntl();
  const client = useQueryClient();
  const field = useRef<HTMLTextAreaElement>(null);
  const [text, setText] = useState('');
  const [at, setAt] = useState<{ query: string; start: number } | null>(null);
  const [chosen, setChosen] = useState<Mentionable>([]);
  const [busy, setBusy] = useState(false);
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const members = useQuery({
    queryKey: mentionableKey(conversationId),
    queryFn: ({ signal }) => fetchMentionable(conversationId, signal),
    staleTime: 60_000,
  });
  const suggestions = at ? matchMembers(members.data ?? [], at.query).slice(0, SUGGESTIONS_MAX) : [];
  const open = at !== null && suggestions.length > 0;

  useEffect(() => {
    if (autoFocus) field.current?.focus();
  }, [autoFocus]);
  useEffect(() => {
    if (open) {
      combobox.openDropdown();
      combobox.selectFirstOption();
    } else combobox.closeDropdown();
    // `combobox` is a new object each render; its methods act on the same store.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, at?.query]);

  const track = (value: string, caret: number) => {
    setText(value);
    setAt(mentionQueryAt(value, caret));
  };
  const choose = (id: string) => {
    const member = members.data?.find((m) => m.id === id);
    if (!member || !at) return;
    const next = insertMention(text, at, member.name);
    // Rendered at once and the caret put after the name now: set a frame later, it landed back
    // there after whatever the user had typed in between.
    flushSync(() => {
      setText(next.text);
      setAt(null);
      setChosen((list) => (list.some((m) => m.id === id) ? list : [...list, member]));
    });
    field.current?.setSelectionRange(next.caret, next.caret);
  };
  const body = text.trim();
  const canSend = !disabled && !busy && body.length > 0;
  const send = () => {
    if (!canSend) return;
    setBusy(true);
    createNote(conversationId, body, mentionsKept(body, chosen)).then(
      () => {
        // The note comes back by `message:created` like a text; the refetch covers a missed event
        // (this chunk does not carry the caches' patching, which the inbox's first load holds).
        void client.invalidateQueries({ queryKey: conversationKeys.messages(conversationId) });
        setText('');
        setChosen([]);
        setBusy(false);
      },
      (error: unknown) => {
        setBusy(false);
        notifyError(error, 'notes.error.create');
      },
    );
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Escape') {
      if (open) {
        setAt(null);
        return;
      }
      onEscape?.(e.currentTarget);
      return;
    }
    // With the suggestions open, Enter chooses one (the combobox's target handles it).
    if (e.key !== 'Enter' || e.shiftKey || e.nativeEvent.isComposing || open) return;
    e.preventDefault();
    send();
  };
  const label = intl.formatMessage({ id: 'notes.composer.send' });
  return (
    <>
      <Combobox store={combobox} onOptionSubmit={choose} withinPortal position="top-start">
        <Combobox.Target withKeyboardNavigation={open}>
          <Textarea
            ref={field}
            style={{ flex: 1 }}
            classNames={{ input: classes.noteComposer }}
            value={text}
            onChange={(e) => track(e.currentTarget.value, e.currentTarget.selectionStart)}
            onKeyDown={onKeyDown}
            onKeyUp={(e) => {
              // Moving the caret into or out of an `@name` opens or closes the suggestions.
              if (CARET_KEYS.has(e.key))
                setAt(mentionQueryAt(e.currentTarget.value, e.currentTarget.selectionStart));
            }}
            onBlur={() => setAt(null)}
            placeholder={intl.formatMessage({ id: 'notes.composer.placeholder' })}
            aria-label={intl.formatMessage({ id: 'notes.composer.label' })}
            aria-keyshortcuts={ariaShortcut('note')}
            {...COMPOSER_FIELD_PROPS}
            disabled={disabled}
            data-testid="note-field"
          />
        </Combobox.Target>
        <Combobox.Dropdown>
          <Combobox.Options aria-label={intl.formatMessage({ id: 'notes.composer.suggestions' })}>
            {suggestions.map((m) => (
              <Combobox.Option value={m.id} key={m.id} onMouseDown={(e) => e.preventDefault()}>
                {m.name}
              </Combobox.Option>
            ))}
          </Combobox.Options>
        </Combobox.Dropdown>
      </Combobox>
      <Tooltip label={label}>
        <ActionIcon
          size={36}
          radius="md"
          variant="filled"
          color="yellow.8"
          aria-label={label}
          disabled={!canSend}
          onClick={send}
        >
          <IconNote size={18} />
        </ActionIcon>
      </Tooltip>
    </>
  );
}

export default NoteComposer;
