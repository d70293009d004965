import { Group, SegmentedControl, Text } from '@mantine/core';
import { Suspense, lazy, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import classes from '../conversations.module.css';
import type { ComposerMode } from './use-composer-mode';

// The note field and its mention suggestions (Mantine's Combobox) come when Note is chosen.
const NoteComposer = lazy(() => import('./note-composer'));

/** Props of {@link ComposerModeSwitch}. */
export interface ComposerModeSwitchProps {
  mode: ComposerMode;
  onChange: (mode: ComposerMode) => void;
}

/** The composer's Reply | Note switch, above either field. */
export function ComposerModeSwitch({ mode, onChange }: ComposerModeSwitchProps) {
  const intl = useIntl();
  return (
    <SegmentedControl<ComposerMode>
      size="xs"
      mb={6}
      value={mode}
      onChange={onChange}
      aria-label={intl.formatMessage({ id: 'notes.composer.mode' })}
      data={[
        { value: 'reply', label: intl.formatMessage({ id: 'notes.composer.reply' }) },
        { value: 'note', label: intl.formatMessage({ id: 'notes.composer.note' }) },
      ]}
      data-testid="composer-mode"
    />
  );
}

/** Props of {@link NoteMode}. */
export interface NoteModeProps {
  /** The conversation the note is written in. */
  conversationId: string;
  /** The mode switch, shown above the field. */
  modeSwitch: ReactNode;
  /** Bumped to focus the field afresh (`useComposerMode`'s `noteFocus`). */
  noteFocus: number;
  /** Called on every keystroke (collision warnings: who is typing a note). */
  onTyping?: () => void;
  /** Escape in the field: where the keyboard goes. */
  onEscape: (field: HTMLTextAreaElement) => void;
  /** Who else is typing, under the field. */
  activity?: ReactNode;
}

/**
 * The composer in Note mode (docs/behaviour/notes-and-presence.md): the switch, the note field
 * (`NoteComposer`, loaded when chosen), its hint and who else is typing.
 */
export function NoteMode({
  conversationId,
  modeSwitch,
  noteFocus,
  onTyping,
  onEscape,
  activity,
}: NoteModeProps) {
  const intl = useIntl();
  return (
    <div className={classes.composer} data-mode="note" onInput={onTyping}>
      {modeSwitch}
      <Group align="flex-end" gap="sm" wrap="nowrap">
        <Suspense fallback={<div style={{ flex: 1, height: 36 }} />}>
          <NoteComposer
            key={noteFocus}
            conversationId={conversationId}
            autoFocus={noteFocus > 0}
            onEscape={onEscape}
          />
        </Suspense>
      </Group>
      <Text size="xs" c="dimmed" mt={4}>
        {intl.formatMessage({ id: 'notes.composer.hint' })}
      </Text>
      {activity}
    </div>
  );
}
