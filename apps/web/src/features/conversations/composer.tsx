import type { FilledText, TextBlock } from '@accueil/domain';
import { ActionIcon, Group, Text, Textarea, Tooltip } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import {
  Suspense,
  lazy,
  useRef,
  useState,
  type ClipboardEvent,
  type DragEvent,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { COMPOSER_FIELD_PROPS } from './composer-field';
import { useIntl } from 'react-intl';
import {
  ChosenQuickMessage,
  LazyQuickMessagePicker,
  QuickMessageButton,
  TypedTextPreview,
  type TokenContact,
} from './composer-quick-message';
import { LazyPostPicker, PostLinkButton } from './composer-post-link';
import { useComposerAttachments } from './attachments/use-composer-attachments';
import classes from './conversations.module.css';
import { ApiError } from '../../lib/api';
import { ariaShortcut } from './shortcuts/inbox-shortcuts';
import { AttachButton, SecureFileButtons } from './composer-tools';
import { ComposerModeSwitch, NoteMode } from './notes/note-mode';
import { useComposerMode } from './notes/use-composer-mode';
import { notifyError } from '../../lib/notify';

// The segment counter carries Twilio's calculator and its grapheme tables: fetched as the composer
// shows rather than with the inbox's first load; an empty line of the same height holds its place.
const ComposerAttachments = lazy(() => import('./attachments/composer-attachments'));
const SecureFileDialog = lazy(() => import('../secure-files/secure-file-dialog'));
const SegmentCounter = lazy(() => import('./segment-counter').then((m) => ({ default: m.SegmentCounter })));

// The `n` and `r` shortcuts' hooks live with the shortcuts (first load), the composer in a lazy chunk.
export { COMPOSE_NOTE_EVENT, composeNote } from './shortcuts/inbox-shortcuts';

/**
 * Escape in the composer: the keyboard goes back to the conversation list's current row (the
 * list's Tab stop), or simply leaves the field when no list is shown. The text stays.
 */
function leaveComposer(field: HTMLTextAreaElement): void {
  const row = document.querySelector<HTMLElement>('[role="listbox"] [role="option"][tabindex="0"]');
  if (row) row.focus();
  else field.blur();
}

/** Props of {@link Composer}. */
export interface ComposerProps {
  /**
   * Called with the text, outer whitespace removed; for a quick message, with its text as it
   * will read (tokens filled) and its id; for a multimedia message, with no text and the
   * uploaded attachments' ids.
   */
  onSend: (body: string, textBlockId?: string, attachmentIds?: string[]) => void;
  disabled?: boolean;
  /** The conversation's contact, whom tokens are filled for in the previews. */
  contact?: TokenContact;
  /**
   * The conversation and its contact's e-mail address, for the secure file actions (send a
   * file, ask for one: docs/behaviour/secure-files.md); without it they are not offered.
   */
  secureFiles?: { conversationId: string; email: string | null };
  /**
   * The conversation internal notes are written in (docs/behaviour/notes-and-presence.md):
   * with it the composer offers Reply | Note; without it, replies only.
   */
  notesFor?: string;
  /** Called on every keystroke, with the mode typed in (collision warnings: typing, the draft's start). */
  onTyping?: (mode: 'reply' | 'note') => void;
  /** Shown under the composer in both modes: who else is typing (`collision/typing-status.tsx`). */
  activity?: ReactNode;
  /** A text to put back in the reply field (a send refused as replied-meanwhile); each new object does. */
  draft?: { text: string } | null;
}

/**
 * Message composer: Enter sends, Shift+Enter starts a new line, the send button is
 * disabled while the text is empty (blank counts as empty). Typing in an IME composition
 * never sends. Escape leaves the composer for the conversation list.
 * Quick messages (docs/behaviour/quick-messages.md#in-the-composer): `/` in an empty field or
 * the button opens the picker; a quick message takes the text field's place and goes alone, a
 * template fills the field. Text with tokens shows its preview for the contact, and is not
 * sent while a token has no value. Files (docs/behaviour/attachments.md) are attached by the
 * paperclip, dropped on the composer or pasted; they take the text field's place (text cannot
 * be added to a multimedia message) and the message goes once every file is uploaded.
 * Reply | Note (with `notesFor`): Note writes an internal note for the team instead
 * (`NoteComposer`, loaded when chosen); `composeNote()` switches to it and focuses it.
 */
export function Composer({
  onSend,
  disabled = false,
  contact = null,
  secureFiles,
  notesFor,
  onTyping,
  activity,
  draft,
}: ComposerProps) {
  const intl = useIntl();
  const field = useRef<HTMLTextAreaElement>(null);
  const { mode, noteFocus, switchTo, showReply } = useComposerMode(notesFor, field);
  const [text, setText] = useState('');
  // A text handed back (a refused send) goes into the field once, when it comes.
  const [restored, setRestored] = useState(draft);
  if (draft !== restored) {
    setRestored(draft);
    if (draft) {
      showReply();
      setText(draft.text);
    }
  }
  const [quick, setQuick] = useState<TextBlock | null>(null);
  const [pickerOpen, setPickerOpen] = useState(false);
  const [postPickerOpen, setPostPickerOpen] = useState(false);
  const [filled, setFilled] = useState<FilledText | null>(null);
  const [secureDialog, setSecureDialog] = useState<'file' | 'request' | null>(null);
  const body = text.trim();
  const hasTokens = !quick && body.includes('{{');
  const missing = quick || hasTokens ? (filled?.missing ?? []) : [];
  const files = useComposerAttachments();
  const withFiles = files.files.length > 0;
  const canSend =
    !disabled &&
    (withFiles ? files.ready : missing.length === 0 && (quick ? filled !== null : body.length > 0));

  const attach = (chosen: readonly File[]) => {
    if (chosen.length === 0 || disabled) return;
    if (body.length > 0 || quick) {
      notifyError(new ApiError(422, 'text-with-media'));
      return;
    }
    files.add(chosen);
  };
  const onDrop = (e: DragEvent<HTMLDivElement>) => {
    if (e.dataTransfer.files.length === 0) return;
    e.preventDefault();
    attach([...e.dataTransfer.files]);
  };
  const onPaste = (e: ClipboardEvent<HTMLTextAreaElement>) => {
    if (e.clipboardData.files.length === 0) return;
    e.preventDefault();
    attach([...e.clipboardData.files]);
  };

  const send = () => {
    if (!canSend) return;
    if (withFiles) {
      onSend('', undefined, files.ids);
      files.clear();
      return;
    }
    if (quick) onSend(filled!.text.trim(), quick.id);
    else onSend(body);
    setText('');
    setQuick(null);
    setFilled(null);
  };
  const choose = (block: TextBlock) => {
    setPickerOpen(false);
    setFilled(null);
    if (block.template) {
      setQuick(null);
      setText(block.body);
      requestAnimationFrame(() => field.current?.focus());
    } else {
      setQuick(block);
    }
  };
  // A post's link goes into the text being written (a quick message chosen gives way to it).
  const insertPostLink = (shortUrl: string) => {
    setPostPickerOpen(false);
    setQuick(null);
    setFilled(null);
    setText((current) => (current.trim() === '' ? shortUrl : `${current.trimEnd()} ${shortUrl}`));
    requestAnimationFrame(() => field.current?.focus());
  };
  const removeQuick = () => {
    setQuick(null);
    setFilled(null);
    requestAnimationFrame(() => field.current?.focus());
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Escape') {
      leaveComposer(e.currentTarget);
      return;
    }
    if (e.key === '/' && text === '' && !e.nativeEvent.isComposing) {
      e.preventDefault();
      setPickerOpen(true);
      return;
    }
    if (e.key !== 'Enter' || e.shiftKey || e.nativeEvent.isComposing) return;
    e.preventDefault();
    send();
  };
  const label = intl.formatMessage({ id: 'conversations.composer.send' });
  const modeSwitch = notesFor && <ComposerModeSwitch mode={mode} onChange={switchTo} />;
  if (notesFor && mode === 'note')
    return (
      <NoteMode
        conversationId={notesFor}
        modeSwitch={modeSwitch}
        noteFocus={noteFocus}
        onTyping={() => onTyping?.('note')}
        onEscape={leaveComposer}
        activity={activity}
      />
    );
  return (
    <div
      className={classes.composer}
      onDragOver={(e) => e.preventDefault()}
      onDrop={onDrop}
      onInput={() => onTyping?.('reply')}
    >
      {modeSwitch}
      <Group align="flex-end" gap="sm" wrap="nowrap">
        <QuickMessageButton onOpen={() => setPickerOpen(true)} disabled={disabled || withFiles} />
        <PostLinkButton onOpen={() => setPostPickerOpen(true)} disabled={disabled || withFiles} />
        <AttachButton onAttach={attach} disabled={disabled} />
        {secureFiles && (
          <SecureFileButtons
            // A secure file goes alone: not with other files, text or a quick message.
            disabled={disabled || withFiles || body.length > 0 || quick !== null}
            onOpen={setSecureDialog}
          />
        )}
        {withFiles ? (
          <Suspense fallback={<div style={{ flex: 1 }} />}>
            <ComposerAttachments files={files.files} onRetry={files.retry} onRemove={files.remove} />
          </Suspense>
        ) : quick ? (
          <ChosenQuickMessage block={quick} contact={contact} onFilled={setFilled} onRemove={removeQuick} />
        ) : (
          <Textarea
            ref={field}
            style={{ flex: 1 }}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            onKeyDown={onKeyDown}
            onPaste={onPaste}
            placeholder={intl.formatMessage({ id: 'conversations.composer.placeholder' })}
            aria-label={intl.formatMessage({ id: 'conversations.composer.label' })}
            aria-keyshortcuts={ariaShortcut('reply')}
            {...COMPOSER_FIELD_PROPS}
            disabled={disabled}
          />
        )}
        <Tooltip label={label}>
          <ActionIcon
            size={36}
            radius="md"
            variant="filled"
            aria-label={label}
            disabled={!canSend}
            onClick={send}
          >
            <IconSend size={18} />
          </ActionIcon>
        </Tooltip>
      </Group>
      <Group gap={8} mt={4} justify="space-between" wrap="wrap">
        <Text size="xs" c="dimmed" truncate="end" style={{ flex: '1 1 0', minWidth: 0 }}>
          {intl.formatMessage({ id: 'conversations.composer.hint' })}
        </Text>
        <Suspense
          fallback={
            <Text size="xs" style={{ flex: 'none' }} aria-hidden>
              {'\u00a0'}
            </Text>
          }
        >
          <SegmentCounter text={quick ? (filled?.text ?? '') : body} />
        </Suspense>
      </Group>
      {activity}
      {hasTokens && <TypedTextPreview text={body} contact={contact} onFilled={setFilled} />}
      <LazyQuickMessagePicker opened={pickerOpen} onClose={() => setPickerOpen(false)} onChoose={choose} />
      <LazyPostPicker
        opened={postPickerOpen}
        onClose={() => setPostPickerOpen(false)}
        onChoose={insertPostLink}
      />
      {secureFiles && secureDialog && (
        <Suspense fallback={null}>
          <SecureFileDialog
            kind={secureDialog}
            conversationId={secureFiles.conversationId}
            email={secureFiles.email}
            onClose={() => setSecureDialog(null)}
          />
        </Suspense>
      )}
    </div>
  );
}
