import { MESSAGE_BODY_MAX_CHARS } from '@accueil/domain';
import { ActionIcon, Group, Text, Textarea, Tooltip } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useState, type KeyboardEvent } from 'react';
import { useIntl } from 'react-intl';
import classes from './conversations.module.css';
import { SegmentCounter } from './segment-counter';

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
  /** Called with the text, outer whitespace removed. */
  onSend: (body: string) => void;
  disabled?: boolean;
}

/**
 * Message composer: Enter sends, Shift+Enter starts a new line, the send button is
 * disabled while the text is empty (blank counts as empty). Typing in an IME composition
 * never sends. Escape leaves the composer for the conversation list.
 */
export function Composer({ onSend, disabled = false }: ComposerProps) {
  const intl = useIntl();
  const [text, setText] = useState('');
  const body = text.trim();
  const canSend = !disabled && body.length > 0;

  const send = () => {
    if (!canSend) return;
    onSend(body);
    setText('');
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Escape') {
      leaveComposer(e.currentTarget);
      return;
    }
    if (e.key !== 'Enter' || e.shiftKey || e.nativeEvent.isComposing) return;
    e.preventDefault();
    send();
  };
  const label = intl.formatMessage({ id: 'conversations.composer.send' });
  return (
    <div className={classes.composer}>
      <Group align="flex-end" gap="sm" wrap="nowrap">
        <Textarea
          style={{ flex: 1 }}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          onKeyDown={onKeyDown}
          placeholder={intl.formatMessage({ id: 'conversations.composer.placeholder' })}
          aria-label={intl.formatMessage({ id: 'conversations.composer.label' })}
          autosize
          minRows={1}
          maxRows={6}
          maxLength={MESSAGE_BODY_MAX_CHARS}
          disabled={disabled}
          radius="md"
        />
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
        <SegmentCounter text={body} />
      </Group>
    </div>
  );
}
