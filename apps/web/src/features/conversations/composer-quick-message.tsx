import type { FilledText, TextBlock } from '@accueil/domain';
import { ActionIcon, Group, Loader, Tooltip } from '@mantine/core';
import { IconMessageBolt, IconX } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { useIntl } from 'react-intl';

// Loaded when first needed: the inbox's first load carries neither the picker nor the token filling.
const QuickMessagePicker = lazy(() => import('../quick-messages/quick-message-picker'));
const TokenPreview = lazy(() => import('../quick-messages/token-preview'));

/** The contact a text's tokens are filled for (null: the conversation has none). */
export type TokenContact = { firstName: string; lastName: string } | null;

/** The composer's button that opens the quick-message picker (`/` in an empty field does too). */
export function QuickMessageButton({ onOpen, disabled }: { onOpen: () => void; disabled?: boolean }) {
  const intl = useIntl();
  const label = intl.formatMessage({ id: 'conversations.composer.quickMessage' });
  return (
    <Tooltip label={label}>
      <ActionIcon
        size={36}
        radius="md"
        variant="light"
        aria-label={label}
        onClick={onOpen}
        disabled={disabled}
        aria-haspopup="dialog"
      >
        <IconMessageBolt size={18} />
      </ActionIcon>
    </Tooltip>
  );
}

/** The picker, fetched on its first opening. */
export function LazyQuickMessagePicker({
  opened,
  onClose,
  onChoose,
}: {
  opened: boolean;
  onClose: () => void;
  onChoose: (block: TextBlock) => void;
}) {
  if (!opened) return null;
  return (
    <Suspense fallback={<Loader size="xs" />}>
      <QuickMessagePicker opened={opened} onClose={onClose} onChoose={onChoose} />
    </Suspense>
  );
}

/**
 * A chosen quick message in place of the text field: its preview for this contact, and a
 * button to remove it and write freely again (a quick message goes alone).
 */
export function ChosenQuickMessage(props: {
  block: TextBlock;
  contact: TokenContact;
  onFilled: (filled: FilledText) => void;
  onRemove: () => void;
}) {
  const intl = useIntl();
  const remove = intl.formatMessage({ id: 'conversations.composer.removeQuickMessage' });
  return (
    <Group align="flex-start" gap={6} wrap="nowrap" style={{ flex: 1, minWidth: 0 }}>
      <div style={{ flex: 1, minWidth: 0 }}>
        <Suspense fallback={<Loader size="xs" />}>
          <TokenPreview
            text={props.block.body}
            contact={props.contact}
            onFilled={props.onFilled}
            title={props.block.title}
          />
        </Suspense>
      </div>
      <Tooltip label={remove}>
        <ActionIcon variant="subtle" color="gray" aria-label={remove} onClick={props.onRemove}>
          <IconX size={16} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

/** Under a typed text that holds tokens: what it will say to this contact. */
export function TypedTextPreview(props: {
  text: string;
  contact: TokenContact;
  onFilled: (filled: FilledText) => void;
}) {
  return (
    <Suspense fallback={null}>
      <TokenPreview text={props.text} contact={props.contact} onFilled={props.onFilled} />
    </Suspense>
  );
}
